import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { CheckInTask, TaskActionType } from '@app/contracts/check-in';
import {
  CHECK_IN_PATH,
  listAppointmentTasks,
  listOnFlyTasks,
  markCheckInTask,
  markOnFlyTask,
} from './api/check-in-api.ts';
import {
  dashboardUrl,
  readActiveTaskParams,
  readCheckInFlow,
  rememberActiveTask,
  SELF_CHECK_IN_TASK_BASE,
  setSelfCheckInMode,
  USER_TASK_BASE,
  useCompleteTask,
  type CompleteTaskOptions,
} from './task-flow.ts';

/**
 * What every task page (regular, questionnaire, demographics, vitals, copay, outstanding balance,
 * insurance card, sign document) needs from the check-in flow, in one hook:
 *
 * - its task, read fresh from the server from the page's URL (`?appointmentId&taskId`, or
 *   `?clinicUuid&taskId` for an on-the-fly task). Without a `taskId`, the appointment's first undone
 *   task of the page's action types, else the first one (a page opened from a plain link);
 * - spec 2 §4 "Opening a NEW task marks it ACCESSED on the server and records the task id": a NEW task
 *   is marked once, and the task is remembered as the flow's active task;
 * - the task base url of the page (`/user/task`, or `/provider/patient/task` in self check-in mode);
 * - `complete()`: through the task flow (task-flow.ts `useCompleteTask`): marked DONE unless its own
 *   flow did, then the next undone task, else the final page; the success page in self check-in mode;
 *   the next on-the-fly task in that flow.
 */

/** The task base url a page runs under (spec 2 §2: the second prefix is self check-in mode). */
export function taskBaseOf(pathname: string): string {
  return pathname.startsWith(SELF_CHECK_IN_TASK_BASE) ? SELF_CHECK_IN_TASK_BASE : USER_TASK_BASE;
}

export interface TaskPageCompleteOptions extends Pick<CompleteTaskOptions, 'listAttachmentId' | 'reopen'> {
  /**
   * A closing page of the task's own (copay -> copay-thank-you): the task is completed, then this page
   * opens instead of the next task; it continues the flow itself (`useGoToActiveTask`).
   */
  to?: string;
}

export interface TaskPage {
  appointmentId: string | null;
  clinicUuid: string | null;
  selfCheckIn: boolean;
  task: CheckInTask | null;
  isLoading: boolean;
  /** The tasks could not be read, or the page's task is not among them. */
  isError: boolean;
  error: unknown;
  /** `/user/task` or `/provider/patient/task`. */
  base: string;
  /** The page's own query (`?appointmentId&taskId`, or `?clinicUuid&taskId`), for the task's other pages. */
  search: string;
  complete: (options?: TaskPageCompleteOptions) => Promise<void>;
  /** The task dashboard of the page's appointment (on-the-fly: the task base url). */
  backToTasks: () => Promise<void>;
}

export function pickTask(
  tasks: readonly CheckInTask[],
  taskId: string | null,
  actionTypes: readonly TaskActionType[] | null,
): CheckInTask | null {
  if (taskId) {
    return tasks.find((task) => task.taskId === taskId) ?? null;
  }
  if (!actionTypes) {
    return null;
  }
  const ofType = tasks.filter((task) => task.actions.some((action) => actionTypes.includes(action.type)));
  return ofType.find((task) => !task.isDone) ?? ofType[0] ?? null;
}

/**
 * The page's task. `actionTypes`: what the page can show when the URL names no task (null: only the
 * task the URL names).
 */
export function useTaskPage(actionTypes: readonly TaskActionType[] | null): TaskPage {
  const { pathname, search: locationSearch } = useLocation();
  const navigate = useNavigate();
  const completeTask = useCompleteTask();
  const params = readActiveTaskParams(locationSearch);
  const { appointmentId, clinicUuid, taskId } = params;
  const query = useQuery({
    queryKey: [CHECK_IN_PATH, 'task-page', appointmentId, clinicUuid],
    queryFn: ({ signal }) =>
      appointmentId ? listAppointmentTasks(appointmentId, signal) : listOnFlyTasks(clinicUuid ?? '', signal),
    enabled: Boolean(appointmentId ?? clinicUuid),
    retry: false,
    meta: { errorBanner: false },
  });
  const task = query.data ? pickTask(query.data, taskId, actionTypes) : null;

  const opened = useRef<string | null>(null);
  const fetching = query.isFetching;
  useEffect(() => {
    // Cached tasks may predate the opening (useOpenTask marks a task before its page shows): wait for
    // the fresh list, so a task is marked ACCESSED once.
    if (!task || fetching || opened.current === task.taskId) {
      return;
    }
    opened.current = task.taskId;
    const stored = readCheckInFlow().task;
    const alreadyOpened = stored?.taskId === task.taskId && stored.status !== 'NEW';
    rememberActiveTask(task);
    if (task.status === 'NEW' && !alreadyOpened) {
      const mark =
        task.appointmentId === null
          ? markOnFlyTask(task.settingId, 'accessed')
          : markCheckInTask(task, 'ACCESSED');
      // Best effort: the page works either way, and completing marks it DONE.
      mark.then(rememberActiveTask).catch(() => undefined);
    }
  }, [task, fetching]);

  const base = taskBaseOf(pathname);
  const search = new URLSearchParams();
  if (appointmentId) {
    search.set('appointmentId', appointmentId);
  } else if (clinicUuid) {
    search.set('clinicUuid', clinicUuid);
  }
  if (task ?? taskId) {
    search.set('taskId', task?.taskId ?? taskId ?? '');
  }
  const backToTasks = async () => {
    await navigate(appointmentId ? dashboardUrl(appointmentId, base === SELF_CHECK_IN_TASK_BASE) : base);
  };
  return {
    appointmentId,
    clinicUuid,
    selfCheckIn: params.selfCheckIn,
    task,
    isLoading: query.isLoading,
    isError: query.isError || (query.isSuccess && task === null),
    error: query.error,
    base,
    search: `?${search.toString()}`,
    complete: async (options = {}) => {
      if (!task) {
        await backToTasks();
        return;
      }
      // spec 2 §2: the second prefix is self check-in mode, also for a page opened straight from a link.
      if (base === SELF_CHECK_IN_TASK_BASE) {
        setSelfCheckInMode(true);
      }
      const { to, ...rest } = options;
      await completeTask({ ...rest, task, ...(to ? { next: to } : {}) });
    },
    backToTasks,
  };
}
