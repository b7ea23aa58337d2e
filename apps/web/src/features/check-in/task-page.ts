import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CheckInTask, TaskActionType } from '@app/contracts/check-in';
import { CHECK_IN_PATH, listAppointmentTasks, markCheckInTask } from './api/check-in-api.ts';

// What a task page needs from the check-in flow: its appointment and task (from the query), the task
// base url (/user/task, or /provider/patient/task in self check-in mode, spec 2 §2) and a way to finish.
// Completing marks the task DONE (unless its own flow did) and returns to the task list.

export const USER_TASK_BASE = '/user/task';
export const KIOSK_TASK_BASE = '/provider/patient/task';

export function taskBaseOf(pathname: string): string {
  return pathname.startsWith(KIOSK_TASK_BASE) ? KIOSK_TASK_BASE : USER_TASK_BASE;
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
  const queryClient = useQueryClient();
  const appointmentId = params.get('appointmentId');
  const taskId = params.get('taskId');
  const base = taskBaseOf(pathname);
  const query = useQuery({
    queryKey: [CHECK_IN_PATH, 'task-page', appointmentId],
    queryFn: ({ signal }) => listAppointmentTasks(appointmentId ?? '', signal),
    enabled: Boolean(appointmentId),
    retry: false,
    meta: { errorBanner: false },
  });
  const task =
    query.data?.find((item) => (taskId ? item.taskId === taskId : item.actions[0]?.type === actionType)) ??
    null;
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
    error: query.error,
    complete: async (options) => {
      // Back to the task list, where the patient sees the task done (the e2e specs follow this path;
      // moving straight on through useCompleteTask is the next step, noted on issue 5).
      if ((options?.markDone ?? true) && task && task.status !== 'DONE') {
        await markCheckInTask(task, 'DONE');
      }
      await queryClient.invalidateQueries({ queryKey: [CHECK_IN_PATH] });
      await backToTasks();
    },
    backToTasks,
  };
}
