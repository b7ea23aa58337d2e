import type { CheckInTask } from '@app/contracts/check-in';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { findOpenOnFlyTasks } from './check-in.repository.ts';
import { applyStatus, toCheckInTask } from './check-in.service.ts';

// spec 2 §4 "On-the-fly tasks", §7 "task list (clinic, user); mark accessed by settingId; mark done
// by settingId" (decision 0019): tasks a clinic sends a patient outside any appointment.

export const ON_FLY_TASK_NOT_FOUND_TEXT = 'Task not found.';

function notFound(): HttpError {
  return new HttpError(404, ON_FLY_TASK_NOT_FOUND_TEXT, { code: 'task_not_found' });
}

/** The signed-in patient's open on-the-fly tasks at a clinic (none of another patient's). */
export async function listOnFlyTasks(db: Db, auth: AuthContext, clinicId: string): Promise<CheckInTask[]> {
  if (auth.role === 'provider') {
    // Providers have no on-the-fly tasks of their own; the kiosk runs appointment check-ins only.
    return [];
  }
  return (await findOpenOnFlyTasks(db, auth.userId, { clinicId })).map(toCheckInTask);
}

/**
 * Marks the patient's open on-the-fly task of a setting: 'accessed' when opened, 'done' when
 * completed (questionnaire and sign-document tasks refuse 'done': their own flows complete them).
 * No open task of this patient for the setting: 404.
 */
export async function markOnFlyTask(
  db: Db,
  auth: AuthContext,
  settingId: string,
  status: 'ACCESSED' | 'DONE',
  now: Date,
): Promise<CheckInTask> {
  if (auth.role === 'provider') {
    throw notFound();
  }
  // In a transaction, so the audit events commit with the status (decision 0064).
  return db.transaction(async (tx) => {
    // One open task per setting and patient (tasks_on_fly_setting_idx).
    const [row] = await findOpenOnFlyTasks(tx, auth.userId, { settingId });
    if (!row) {
      throw notFound();
    }
    return applyStatus(tx, row, status, now, { byOwnFlow: false });
  });
}
