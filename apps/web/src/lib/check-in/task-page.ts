import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CheckInTask, TaskActionType, TaskStatus } from '@app/contracts/check-in';
import { apiRequest } from '../api/api-client.ts';

// What a task page needs from the check-in flow: its appointment and task (from the query), the task
// base url (/user/task, or /provider/patient/task in self check-in mode, spec 2 §2) and a way to finish.
// A stand-in for the check-in feature's task-flow helper (decision 0022): once that lands, `complete`
// should go through it so the next-task redirect rules (spec 2 §4) apply here too.

export const USER_TASK_BASE = '/user/task';
export const KIOSK_TASK_BASE = '/provider/patient/task';

export function taskBaseOf(pathname: string): string {
  return pathname.startsWith(KIOSK_TASK_BASE) ? KIOSK_TASK_BASE : USER_TASK_BASE;
}

const tasksPath = (appointmentId: string) =>
  `/api/check-in/appointments/${encodeURIComponent(appointmentId)}/tasks`;

export async function listAppointmentTasks(
  appointmentId: string,
  signal?: AbortSignal,
): Promise<CheckInTask[]> {
  const { checkInTaskListSchema } = await import('@app/contracts/check-in');
  return apiRequest(tasksPath(appointmentId), checkInTaskListSchema, { signal });
}

export async function markTaskStatus(
  appointmentId: string,
  taskId: string,
  status: TaskStatus,
): Promise<CheckInTask> {
  const { checkInTaskSchema } = await import('@app/contracts/check-in');
  return apiRequest(`${tasksPath(appointmentId)}/${encodeURIComponent(taskId)}/status`, checkInTaskSchema, {
    method: 'POST',
    body: { status },
  });
}

export interface TaskPage {
  appointmentId: string | null;
  base: string;
  /** The task page's own query (appointmentId and taskId), for links between the task's pages. */
  search: string;
  task: CheckInTask | null;
  isLoading: boolean;
  error: unknown;
  /** Marks the task DONE (unless its own flow did) and goes back to the task list. */
  complete: (options?: { markDone?: boolean }) => Promise<void>;
  backToTasks: () => Promise<void>;
}

/** The task of this page: `taskId` from the query, else the appointment's first task of this type. */
export function useTaskPage(actionType: TaskActionType): TaskPage {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const appointmentId = params.get('appointmentId');
  const taskId = params.get('taskId');
  const base = taskBaseOf(pathname);
  const query = useQuery({
    queryKey: [tasksPath(appointmentId ?? '')],
    queryFn: ({ signal }) => listAppointmentTasks(appointmentId ?? '', signal),
    enabled: Boolean(appointmentId),
    retry: false,
    meta: { errorBanner: false },
  });
  const task =
    query.data?.find((item) => (taskId ? item.taskId === taskId : item.actions[0]?.type === actionType)) ??
    null;
  const mark = useMutation({
    mutationFn: (status: TaskStatus) => markTaskStatus(appointmentId ?? '', task?.taskId ?? '', status),
    meta: { errorBanner: false },
  });
  const search = new URLSearchParams();
  if (appointmentId) {
    search.set('appointmentId', appointmentId);
  }
  if (task) {
    search.set('taskId', task.taskId);
  }
  const backToTasks = async () => {
    await navigate(appointmentId ? `${base}?appointmentId=${encodeURIComponent(appointmentId)}` : base);
  };
  return {
    appointmentId,
    base,
    search: `?${search.toString()}`,
    task,
    isLoading: query.isLoading,
    error: query.error ?? mark.error,
    complete: async (options) => {
      if ((options?.markDone ?? true) && task && task.status !== 'DONE') {
        await mark.mutateAsync('DONE');
      }
      await backToTasks();
    },
    backToTasks,
  };
}
