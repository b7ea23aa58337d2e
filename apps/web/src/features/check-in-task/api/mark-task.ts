import type { CheckInTask, TaskStatus } from '@app/contracts/check-in';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { appointmentTasksPath } from './list-appointment-tasks.ts';

/** spec 2 §7 "Mark a check-in task: appointment id, status, payload {settingId, listAttachmentId}". */
export async function markTask(task: CheckInTask, status: TaskStatus): Promise<CheckInTask> {
  const { checkInTaskSchema } = await import('@app/contracts/check-in');
  const appointmentId = task.appointmentId ?? '';
  return apiRequest(
    `${appointmentTasksPath(appointmentId)}/${encodeURIComponent(task.taskId)}/status`,
    checkInTaskSchema,
    {
      method: 'POST',
      body: { status, payload: { settingId: task.settingId, listAttachmentId: task.listAttachmentId } },
    },
  );
}
