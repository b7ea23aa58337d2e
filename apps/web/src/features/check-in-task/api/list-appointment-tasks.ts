import type { CheckInTask } from '@app/contracts/check-in';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export function appointmentTasksPath(appointmentId: string): string {
  return `/api/check-in/appointments/${encodeURIComponent(appointmentId)}/tasks`;
}

/** spec 2 §7 "Setting task list by appointment": GET /api/check-in/appointments/:id/tasks. */
export async function listAppointmentTasks(
  appointmentId: string,
  signal?: AbortSignal,
): Promise<CheckInTask[]> {
  const { checkInTaskListSchema } = await import('@app/contracts/check-in');
  return apiRequest(appointmentTasksPath(appointmentId), checkInTaskListSchema, { signal });
}

export function appointmentTasksQuery(appointmentId: string) {
  return queryOptions({
    queryKey: [appointmentTasksPath(appointmentId)],
    queryFn: ({ signal }) => listAppointmentTasks(appointmentId, signal),
    retry: false,
  });
}
