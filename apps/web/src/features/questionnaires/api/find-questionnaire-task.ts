import { QUESTIONNAIRE_ACTION_TYPES, type CheckInTask } from '@app/contracts/check-in';
import { apiRequest } from '../../../lib/api/api-client.ts';

/**
 * When the page is opened with only an appointment id (e.g. from a link), the questionnaire task of
 * that appointment: the first one not done, else the first one.
 */
export async function findQuestionnaireTask(
  appointmentId: string,
  signal?: AbortSignal,
): Promise<CheckInTask | null> {
  const { checkInTaskListSchema } = await import('@app/contracts/check-in');
  const tasks = await apiRequest(
    `/api/check-in/appointments/${encodeURIComponent(appointmentId)}/tasks`,
    checkInTaskListSchema,
    { signal },
  );
  const questionnaires = tasks.filter((task) =>
    task.actions.some((action) => QUESTIONNAIRE_ACTION_TYPES.includes(action.type)),
  );
  return questionnaires.find((task) => !task.isDone) ?? questionnaires[0] ?? null;
}

/** spec 2 §4 "Opening a NEW task marks it ACCESSED on the server". */
export async function markTaskAccessed(
  appointmentId: string,
  task: { taskId: string; settingId?: string | undefined },
) {
  const { checkInTaskSchema } = await import('@app/contracts/check-in');
  return apiRequest(
    `/api/check-in/appointments/${encodeURIComponent(appointmentId)}/tasks/${encodeURIComponent(task.taskId)}/status`,
    checkInTaskSchema,
    {
      method: 'POST',
      body: { status: 'ACCESSED', ...(task.settingId ? { payload: { settingId: task.settingId } } : {}) },
    },
  );
}
