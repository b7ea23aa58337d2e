import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { CheckInTask } from '@app/contracts/check-in';
import { CHECK_IN_PATH, listAppointmentTasks, listOnFlyTasks } from '../api/check-in-api.ts';
import { readActiveTaskParams, readCheckInFlow, rememberActiveTask } from '../task-flow.ts';

/**
 * The task a task page shows, from its URL (?appointmentId&taskId, or ?clinicUuid&taskId for an
 * on-the-fly task): read fresh from the server, so a page opened from a link works too.
 */
export function usePageTask() {
  const { search } = useLocation();
  const params = readActiveTaskParams(search);
  const query = useQuery({
    queryKey: [CHECK_IN_PATH, 'page-task', params.appointmentId, params.clinicUuid, params.taskId],
    queryFn: async ({ signal }): Promise<CheckInTask | null> => {
      const tasks = params.appointmentId
        ? await listAppointmentTasks(params.appointmentId, signal)
        : params.clinicUuid
          ? await listOnFlyTasks(params.clinicUuid, signal)
          : [];
      const task = tasks.find((item) => item.taskId === params.taskId) ?? null;
      if (task) {
        rememberActiveTask(task);
      }
      return task;
    },
    enabled: params.taskId !== null,
    retry: false,
    initialData: () => {
      const stored = readCheckInFlow().task;
      return stored?.taskId === params.taskId ? stored : undefined;
    },
    initialDataUpdatedAt: 0,
  });
  return { ...params, query };
}
