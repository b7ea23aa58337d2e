import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CheckInTask, TaskActionType } from '@app/contracts/check-in';
import { CHECK_IN_PATH, listAppointmentTasks, markCheckInTask } from '../check-in/api/check-in-api.ts';

// The task pages of issue 5 items 6, 9 and 10 (demographics, copay, outstanding balance, vitals): the
// page finds its task from ?appointmentId (and ?taskId), marks a NEW task ACCESSED (spec 2 §4 "Opening
// a NEW task marks it ACCESSED"), and completes it through the check-in task flow (next task, else the
// final page).

/** /user/task, or /provider/patient/task in self check-in (kiosk) mode (spec 2 §2). */
export function taskBaseUrl(pathname: string): string {
  return pathname.startsWith('/provider/patient/task') ? '/provider/patient/task' : '/user/task';
}

export interface CurrentTask {
  appointmentId: string | null;
  task: CheckInTask | null;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  baseUrl: string;
  /** The query string that keeps the page's task (appointmentId and taskId). */
  taskSearch: string;
  /** Marks the task DONE (spec 2 §4 "Completing marks it DONE"), then back to the task list. */
  complete: (options?: { to?: string }) => Promise<void>;
}

export function useCurrentTask(actionTypes: readonly TaskActionType[]): CurrentTask {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const appointmentId = params.get('appointmentId');
  const taskId = params.get('taskId');
  const query = useQuery({
    queryKey: [CHECK_IN_PATH, 'current-task', appointmentId],
    queryFn: ({ signal }) => listAppointmentTasks(appointmentId ?? '', signal),
    enabled: Boolean(appointmentId),
    meta: { errorBanner: false },
  });
  const task =
    query.data?.find((entry) =>
      taskId ? entry.taskId === taskId : entry.actions.some((action) => actionTypes.includes(action.type)),
    ) ?? null;
  const accessed = useRef<string | null>(null);
  useEffect(() => {
    if (task && task.status === 'NEW' && accessed.current !== task.taskId) {
      accessed.current = task.taskId;
      markCheckInTask(task, 'ACCESSED').catch(() => undefined);
    }
  }, [task]);
  const baseUrl = taskBaseUrl(pathname);
  const search = new URLSearchParams();
  if (appointmentId) {
    search.set('appointmentId', appointmentId);
  }
  if (task) {
    search.set('taskId', task.taskId);
  }
  return {
    appointmentId,
    task,
    isLoading: query.isLoading,
    isError: query.isError || (query.isSuccess && task === null),
    error: query.error,
    baseUrl,
    taskSearch: search.toString(),
    complete: async (options) => {
      if (task && !task.isDone) {
        await markCheckInTask(task, 'DONE');
      }
      await queryClient.invalidateQueries({ queryKey: [CHECK_IN_PATH] });
      await navigate(options?.to ?? `${baseUrl}?appointmentId=${encodeURIComponent(appointmentId ?? '')}`);
    },
  };
}
