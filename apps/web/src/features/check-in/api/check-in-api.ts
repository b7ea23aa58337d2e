import type { CheckInEntry, CheckInTask, FinishCheckInResponse, TaskStatus } from '@app/contracts/check-in';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { serverCheckedAnswer } from '../../../lib/api/server-checked-answer.ts';

// spec 2 §7 check-in calls (paths: decision 0018). One small fetcher per call; the task-flow module
// and the screens share them.

export const CHECK_IN_PATH = '/api/check-in';

/**
 * GET /api/check-in/entries: the patient's check-in entries, grouped by department and date. Read by
 * the patient home, as its task lists below: checked by the server's schema only (decision 0074).
 */
export async function listCheckInEntries(signal?: AbortSignal): Promise<CheckInEntry[]> {
  return apiRequest(`${CHECK_IN_PATH}/entries`, serverCheckedAnswer<CheckInEntry[]>(), { signal });
}

export function checkInEntriesQuery() {
  return queryOptions({
    queryKey: [CHECK_IN_PATH, 'entries'],
    queryFn: ({ signal }) => listCheckInEntries(signal),
  });
}

/** spec 2 §7 "Setting task list by appointment". */
export async function listAppointmentTasks(
  appointmentId: string,
  signal?: AbortSignal,
): Promise<CheckInTask[]> {
  return apiRequest(
    `${CHECK_IN_PATH}/appointments/${encodeURIComponent(appointmentId)}/tasks`,
    serverCheckedAnswer<CheckInTask[]>(),
    { signal },
  );
}

/** The tasks of every appointment of one check-in entry, in appointment order then task order. */
export async function listTasksOfAppointments(
  appointmentIds: readonly string[],
  signal?: AbortSignal,
): Promise<CheckInTask[]> {
  const lists = await Promise.all(appointmentIds.map((id) => listAppointmentTasks(id, signal)));
  return lists.flat();
}

export function checkInTasksQuery(appointmentIds: readonly string[]) {
  return queryOptions({
    queryKey: [CHECK_IN_PATH, 'tasks', [...appointmentIds]],
    queryFn: ({ signal }) => listTasksOfAppointments(appointmentIds, signal),
    enabled: appointmentIds.length > 0,
    retry: false,
  });
}

/** spec 2 §7 "Mark a check-in task: appointment id, status, payload {settingId, listAttachmentId}". */
export async function markCheckInTask(
  task: Pick<CheckInTask, 'taskId' | 'settingId' | 'appointmentId'>,
  status: TaskStatus,
  listAttachmentId?: string[],
): Promise<CheckInTask> {
  const { checkInTaskSchema } = await import('@app/contracts/check-in');
  return apiRequest(
    `${CHECK_IN_PATH}/appointments/${encodeURIComponent(task.appointmentId ?? '')}/tasks/${encodeURIComponent(task.taskId)}/status`,
    checkInTaskSchema,
    {
      method: 'POST',
      body: {
        status,
        payload: { settingId: task.settingId, ...(listAttachmentId ? { listAttachmentId } : {}) },
      },
    },
  );
}

/** spec 2 §4: finish the check-in of every appointment of the entry at once. */
export async function finishCheckIn(appointmentIds: readonly string[]): Promise<FinishCheckInResponse> {
  const { finishCheckInResponseSchema } = await import('@app/contracts/check-in');
  return apiRequest(`${CHECK_IN_PATH}/finish`, finishCheckInResponseSchema, {
    method: 'POST',
    body: { appointmentIds },
  });
}

// On-the-fly tasks (spec 2 §4, §7): by clinic and setting id, outside any appointment.

export const ON_FLY_PATH = '/api/on-fly-tasks';

export async function listOnFlyTasks(clinicUuid: string, signal?: AbortSignal): Promise<CheckInTask[]> {
  const { checkInTaskListSchema } = await import('@app/contracts/check-in');
  return apiRequest(`${ON_FLY_PATH}?clinicUuid=${encodeURIComponent(clinicUuid)}`, checkInTaskListSchema, {
    signal,
  });
}

export async function markOnFlyTask(settingId: string, status: 'accessed' | 'done'): Promise<CheckInTask> {
  const { checkInTaskSchema } = await import('@app/contracts/check-in');
  return apiRequest(`${ON_FLY_PATH}/${encodeURIComponent(settingId)}/${status}`, checkInTaskSchema, {
    method: 'POST',
  });
}
