import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { canReopenDoneTask, isDoneByOwnFlow, TASK_PAGES, type CheckInTask } from '@app/contracts/check-in';
import { currentRole } from '../../lib/auth/session-store.ts';
import { readItem, readJson, removeItem, writeItem, writeJson } from '../../lib/storage/browser-storage.ts';
import { SESSION_KEYS } from '../../lib/storage/storage-keys.ts';
import {
  CHECK_IN_PATH,
  listOnFlyTasks,
  listTasksOfAppointments,
  markCheckInTask,
  markOnFlyTask,
} from './api/check-in-api.ts';
import { recordCheckInStatistic } from './api/record-check-in-statistic.ts';

/**
 * The check-in task flow (spec 2 §3 "Stored client state", §4 "Check-in tasks", "On-the-fly tasks").
 *
 * Task pages of other features plug in through `TASK_PAGES` and use three things from here:
 *
 * - `useActiveTaskParams()`: the `appointmentId`, `taskId` (and `clinicUuid` for on-the-fly tasks)
 *   of the page's URL, and whether it runs in self check-in (kiosk) mode.
 * - `useCompleteTask()`: call it when the page's task is complete. It marks the task DONE through the
 *   API, unless the action type is done by its own flow (questionnaires, sign document: their server
 *   call already completed it), then moves on: the next undone task after this one, else the final
 *   page; in self check-in mode the task success page; in the on-the-fly flow the next on-the-fly task.
 * - `taskBaseUrl()` / `taskPageUrl()`: where task pages live (`/user/task` or, in self check-in mode,
 *   `/provider/patient/task`).
 *
 * The next task may have the same page as the one just done (two regular tasks, two vitals): the
 * router then keeps the page mounted and only its query changes. Key the page's state by `taskId`.
 *
 * This API is kept stable for the other task pages: add options rather than change signatures.
 */

export type CheckInAppFlow = 'check-in' | 'on-fly';
export const SELF_CHECK_IN = 'selfCheckIn';

export const USER_TASK_BASE = '/user/task';
export const SELF_CHECK_IN_TASK_BASE = '/provider/patient/task';
export const CHECK_IN_FINAL_URL = '/user/check-in-final';
export const SELF_CHECK_IN_FINAL_URL = '/provider/patient/task/check-in';
export const SELF_CHECK_IN_SUCCESS_URL = '/provider/patient/task/success';
export const ON_FLY_FINAL_URL = '/user/on-fly-final';
/** The kiosk's start page and idle time-out landing (spec 2 §2, §4 "Idle time-out"). */
export const PATIENT_SEARCH_URL = '/provider/patient/search';

/** spec 2 §3 "Stored client state" (sessionStorage: one tab's flow, cleared at logout). */
export interface CheckInFlowState {
  appFlow: CheckInAppFlow | null;
  /** 'selfCheckIn' in kiosk mode. */
  appMode: typeof SELF_CHECK_IN | null;
  /** The appointment the flow was started for. */
  appointmentId: string | null;
  /** Every appointment of the check-in entry (spec 2 §4 grouping). */
  checkInAppointment: string[];
  /** The task being worked on. */
  task: CheckInTask | null;
  /** The flow's task list, as last read from the server. */
  taskListCheckInFlow: CheckInTask[];
  /** On-the-fly flow: the clinic whose tasks are listed. */
  onFlyClinicUuid: string | null;
}

function readList<T>(key: string): T[] {
  const value = readJson('session', key);
  return Array.isArray(value) ? (value as T[]) : [];
}

export function readCheckInFlow(): CheckInFlowState {
  const appFlow = readItem('session', SESSION_KEYS.appFlow);
  const task = readJson('session', SESSION_KEYS.task);
  return {
    appFlow: appFlow === 'check-in' || appFlow === 'on-fly' ? appFlow : null,
    appMode: readItem('session', SESSION_KEYS.appMode) === SELF_CHECK_IN ? SELF_CHECK_IN : null,
    appointmentId: readItem('session', SESSION_KEYS.appointmentId),
    checkInAppointment: readList<string>(SESSION_KEYS.checkInAppointment),
    task: task && typeof task === 'object' ? (task as CheckInTask) : null,
    taskListCheckInFlow: readList<CheckInTask>(SESSION_KEYS.taskListCheckInFlow),
    onFlyClinicUuid: readItem('session', SESSION_KEYS.onFlyClinicUuid),
  };
}

function storeTasks(tasks: readonly CheckInTask[]): void {
  writeJson('session', SESSION_KEYS.taskListCheckInFlow, tasks);
}

function storeActiveTask(task: CheckInTask | null): void {
  if (task) {
    writeJson('session', SESSION_KEYS.task, task);
  } else {
    removeItem('session', SESSION_KEYS.task);
  }
}

/** Self check-in (kiosk) mode: set by the kiosk's patient search, under the provider's session. */
export function isSelfCheckInMode(): boolean {
  return readItem('session', SESSION_KEYS.appMode) === SELF_CHECK_IN && currentRole() === 'provider';
}

export function setSelfCheckInMode(on: boolean): void {
  if (on) {
    writeItem('session', SESSION_KEYS.appMode, SELF_CHECK_IN);
  } else {
    removeItem('session', SESSION_KEYS.appMode);
  }
}

export function taskBaseUrl(selfCheckIn = isSelfCheckInMode()): string {
  return selfCheckIn ? SELF_CHECK_IN_TASK_BASE : USER_TASK_BASE;
}

export function finalPageUrl(selfCheckIn = isSelfCheckInMode()): string {
  return selfCheckIn ? SELF_CHECK_IN_FINAL_URL : CHECK_IN_FINAL_URL;
}

/** The task dashboard of an appointment. */
export function dashboardUrl(appointmentId: string, selfCheckIn = isSelfCheckInMode()): string {
  return `${taskBaseUrl(selfCheckIn)}?appointmentId=${encodeURIComponent(appointmentId)}`;
}

/** `{task base url}/{TASK_PAGES[action]}?appointmentId=...&taskId=...` (on-the-fly: clinicUuid instead). */
export function taskPageUrl(task: CheckInTask, selfCheckIn = isSelfCheckInMode()): string {
  const action = task.actions[0]?.type ?? 'regular';
  const query = new URLSearchParams();
  if (task.appointmentId) {
    query.set('appointmentId', task.appointmentId);
  } else {
    query.set('clinicUuid', task.clinicUuid);
  }
  query.set('taskId', task.taskId);
  return `${taskBaseUrl(selfCheckIn)}/${TASK_PAGES[action]}?${query.toString()}`;
}

/**
 * Starts (or resumes) the check-in of one entry: stores its appointments and records 'started' for
 * each of them the first time this tab starts it.
 */
export function beginCheckIn(
  appointmentIds: readonly string[],
  options: { selfCheckIn?: boolean } = {},
): void {
  const [first] = appointmentIds;
  if (!first) {
    return;
  }
  const previous = readCheckInFlow();
  const same =
    previous.appFlow === 'check-in' &&
    previous.checkInAppointment.length === appointmentIds.length &&
    appointmentIds.every((id) => previous.checkInAppointment.includes(id));
  writeItem('session', SESSION_KEYS.appFlow, 'check-in');
  writeItem('session', SESSION_KEYS.appointmentId, first);
  writeJson('session', SESSION_KEYS.checkInAppointment, appointmentIds);
  if (options.selfCheckIn !== undefined) {
    setSelfCheckInMode(options.selfCheckIn);
  }
  if (!same) {
    storeTasks([]);
    storeActiveTask(null);
    for (const id of appointmentIds) {
      void recordCheckInStatistic(id, 'started');
    }
  }
}

/** Starts the on-the-fly flow of a clinic (spec 2 §4 "On-the-fly tasks"). */
export function beginOnFly(clinicUuid: string): void {
  writeItem('session', SESSION_KEYS.appFlow, 'on-fly');
  writeItem('session', SESSION_KEYS.onFlyClinicUuid, clinicUuid);
  removeItem('session', SESSION_KEYS.appointmentId);
  writeJson('session', SESSION_KEYS.checkInAppointment, []);
  storeTasks([]);
  storeActiveTask(null);
}

/** Ends the flow's stored state (the kiosk's idle time-out, a finished check-in on the kiosk). */
export function clearCheckInFlow(options: { keepMode?: boolean } = {}): void {
  for (const key of [
    SESSION_KEYS.appFlow,
    SESSION_KEYS.appointmentId,
    SESSION_KEYS.checkInAppointment,
    SESSION_KEYS.task,
    SESSION_KEYS.taskListCheckInFlow,
    SESSION_KEYS.onFlyClinicUuid,
  ]) {
    removeItem('session', key);
  }
  if (!options.keepMode) {
    removeItem('session', SESSION_KEYS.appMode);
  }
}

/** The check-in is complete when every non-video task is done (spec 2 §4). */
export function allNonVideoTasksDone(tasks: readonly CheckInTask[]): boolean {
  return tasks.every((task) => task.isVideo || task.isDone);
}

/**
 * spec 2 §4 "Redirect to the active task: first undone task after the active one, otherwise the final
 * page". Undone tasks before the active one are left to the dashboard.
 */
export function nextTaskAfter(
  tasks: readonly CheckInTask[],
  activeTaskId: string | null,
): CheckInTask | null {
  const index = activeTaskId ? tasks.findIndex((task) => task.taskId === activeTaskId) : -1;
  return tasks.slice(index + 1).find((task) => !task.isDone && !task.isVideo) ?? null;
}

/** spec 2 §4: a done task of a type other than regular or vital is not reopened. */
export function canOpenTask(task: CheckInTask): boolean {
  return !task.isDone || canReopenDoneTask(task.valueType);
}

/**
 * spec 2 §4 "On-the-fly tasks": a requested first task is moved to the front.
 */
export function orderOnFlyTasks(tasks: readonly CheckInTask[], firstTaskId: string | null): CheckInTask[] {
  const first = firstTaskId
    ? tasks.find((task) => task.taskId === firstTaskId || task.settingId === firstTaskId)
    : undefined;
  return first ? [first, ...tasks.filter((task) => task !== first)] : [...tasks];
}

/** The on-the-fly flow's runner page (it lists, opens the next task, or ends). */
export function onFlyFlowUrl(clinicUuid: string, firstTaskId?: string | null): string {
  const query = new URLSearchParams({ flow: 'on-fly', clinicUuid });
  if (firstTaskId) {
    query.set('taskId', firstTaskId);
  }
  return `${USER_TASK_BASE}?${query.toString()}`;
}

/** What a task page reads from its URL. */
export interface ActiveTaskParams {
  appointmentId: string | null;
  taskId: string | null;
  clinicUuid: string | null;
  selfCheckIn: boolean;
}

export function readActiveTaskParams(search: string): ActiveTaskParams {
  const query = new URLSearchParams(search);
  return {
    appointmentId: query.get('appointmentId'),
    taskId: query.get('taskId'),
    clinicUuid: query.get('clinicUuid'),
    selfCheckIn: isSelfCheckInMode(),
  };
}

/** Reads the current list of the flow the task belongs to and keeps it in the stored state. */
async function refreshFlowTasks(task: CheckInTask): Promise<CheckInTask[]> {
  if (task.appointmentId === null) {
    const tasks = await listOnFlyTasks(task.clinicUuid);
    storeTasks(tasks);
    return tasks;
  }
  const stored = readCheckInFlow().checkInAppointment;
  const appointmentIds = stored.includes(task.appointmentId) ? stored : [task.appointmentId];
  const tasks = await listTasksOfAppointments(appointmentIds);
  storeTasks(tasks);
  return tasks;
}

/**
 * Opens a task: a NEW task is marked ACCESSED first (spec 2 §4), the task is stored, and the app goes
 * to its page. A done task that may not be reopened is not opened.
 */
export function useOpenTask(): (task: CheckInTask) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (task: CheckInTask) => {
      if (!canOpenTask(task)) {
        return;
      }
      let opened = task;
      if (task.status === 'NEW') {
        opened =
          task.appointmentId === null
            ? await markOnFlyTask(task.settingId, 'accessed')
            : await markCheckInTask(task, 'ACCESSED');
      }
      storeActiveTask(opened);
      await navigate(taskPageUrl(opened));
    },
    [navigate],
  );
}

export interface CompleteTaskOptions {
  /** The finished task; default: the stored active task. */
  task?: CheckInTask;
  /** Attachments the patient added (spec 2 §7 payload listAttachmentId). */
  listAttachmentId?: string[];
  /** Self check-in: open the same task again instead of the success page (spec 2 §4 flag). */
  reopen?: boolean;
  /**
   * A closing page of the task's own (the copay's thank-you page) to open instead of the next task.
   * The task stays the stored active task, so that page continues with `useGoToActiveTask()`.
   */
  next?: string;
}

/**
 * Call when a task page's work is done. Marks DONE (unless the action's own flow did), refetches the
 * flow's tasks, then goes on as spec 2 §4 says. Throws what the mark call throws (the page shows it).
 */
export function useCompleteTask(): (options?: CompleteTaskOptions) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (options: CompleteTaskOptions = {}) => {
      const task = options.task ?? readCheckInFlow().task;
      if (!task) {
        await navigate(USER_TASK_BASE);
        return;
      }
      const action = task.actions[0]?.type ?? 'regular';
      // A done task opened again (regular, vital) is not marked twice.
      if (!isDoneByOwnFlow(action) && !task.isDone) {
        if (task.appointmentId === null) {
          await markOnFlyTask(task.settingId, 'done');
        } else {
          await markCheckInTask(task, 'DONE', options.listAttachmentId);
        }
      }
      await queryClient.invalidateQueries({ queryKey: [CHECK_IN_PATH] });
      const tasks = await refreshFlowTasks(task);
      if (options.next) {
        storeActiveTask(tasks.find((item) => item.taskId === task.taskId) ?? task);
        await navigate(options.next, { replace: true });
        return;
      }
      if (task.appointmentId === null) {
        // On-the-fly: done tasks leave the list and the flow continues (spec 2 §4).
        storeActiveTask(null);
        await navigate(onFlyFlowUrl(task.clinicUuid), { replace: true });
        return;
      }
      if (isSelfCheckInMode()) {
        if (options.reopen) {
          await navigate(taskPageUrl(tasks.find((item) => item.taskId === task.taskId) ?? task), {
            replace: true,
          });
          return;
        }
        await navigate(SELF_CHECK_IN_SUCCESS_URL, { replace: true });
        return;
      }
      await goToActiveTask(tasks, task.taskId, navigate);
    },
    [navigate, queryClient],
  );
}

type Navigate = ReturnType<typeof useNavigate>;

/**
 * The final page; it finishes the stored check-in entry. A task page opened from a link (no check-in
 * started in this tab) names its appointment, so the final page knows what to finish.
 */
export function finalPageUrlOf(tasks: readonly CheckInTask[], activeTaskId: string | null): string {
  if (readCheckInFlow().checkInAppointment.length > 0) {
    return finalPageUrl();
  }
  const appointmentId =
    tasks.find((task) => task.taskId === activeTaskId)?.appointmentId ?? tasks[0]?.appointmentId ?? null;
  return appointmentId
    ? `${finalPageUrl()}?appointmentId=${encodeURIComponent(appointmentId)}`
    : finalPageUrl();
}

/** Opens the next undone task after `activeTaskId`, else the final page (marking a NEW task accessed). */
async function goToActiveTask(
  tasks: readonly CheckInTask[],
  activeTaskId: string | null,
  navigate: Navigate,
) {
  const next = nextTaskAfter(tasks, activeTaskId);
  if (!next) {
    storeActiveTask(null);
    await navigate(finalPageUrlOf(tasks, activeTaskId), { replace: true });
    return;
  }
  const opened = next.status === 'NEW' ? await markCheckInTask(next, 'ACCESSED') : next;
  storeActiveTask(opened);
  await navigate(taskPageUrl(opened), { replace: true });
}

/**
 * The same redirect for pages that are not a task (the kiosk's success page): the next undone task
 * after the stored active task, else the final page.
 */
export function useGoToActiveTask(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const state = readCheckInFlow();
    const active = state.task;
    const tasks = active ? await refreshFlowTasks(active) : state.taskListCheckInFlow;
    await goToActiveTask(tasks, active?.taskId ?? null, navigate);
  }, [navigate]);
}

/** Remembers the task a page shows (pages opened from a link rather than the dashboard). */
export function rememberActiveTask(task: CheckInTask): void {
  storeActiveTask(task);
}
