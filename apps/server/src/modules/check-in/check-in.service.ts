import { DateTime } from 'luxon';
import {
  canReopenDoneTask,
  isDoneByOwnFlow,
  TASK_DONE_BY_FLOW_TEXT,
  TASK_NOT_FOUND_TEXT,
  TASK_NOT_REOPENABLE_TEXT,
  type CheckInEntry,
  type CheckInTask,
  type FinishCheckInResponse,
  type TaskStatus,
} from '@app/contracts/check-in';
import type { Db } from '../../db/client.ts';
import { checkInEvents } from '../../db/schema/check-in.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import {
  findCheckInAppointment,
  findCheckIns,
  findSettingsForAppointment,
  findTask,
  findTasksOfAppointments,
  findUpcomingAppointments,
  insertMissingTasks,
  updateTaskStatus,
  upsertCheckIn,
  type CheckInAppointment,
  type TaskWithSetting,
} from './check-in.repository.ts';

// spec 2 §4 Check-in tasks (decision 0018). The server owns the statuses; the client decides which page
// to open next (the redirect rules need the flow's stored state).

export const APPOINTMENT_NOT_FOUND_TEXT = 'Appointment not found.';

/**
 * The appointment when the caller may work on its check-in: its patient, or a provider of its clinic
 * (self check-in runs on the clinic's kiosk with the provider's session, spec 2 §2). Anyone else: 404.
 */
export async function requireCheckInAppointment(
  db: Db,
  auth: AuthContext,
  appointmentId: string,
): Promise<CheckInAppointment> {
  const appointment = await findCheckInAppointment(db, appointmentId);
  const allowed =
    appointment !== null &&
    (auth.role === 'provider'
      ? auth.clinicIds.includes(appointment.clinicId)
      : appointment.patientUserId === auth.userId);
  if (!appointment || !allowed || appointment.status === 'cancelled') {
    throw new HttpError(404, APPOINTMENT_NOT_FOUND_TEXT, { code: 'appointment_not_found' });
  }
  return appointment;
}

export function toCheckInTask({ task, setting }: TaskWithSetting): CheckInTask {
  return {
    taskId: task.id,
    settingId: setting.id,
    title: setting.title,
    description: setting.description,
    status: task.status,
    isDone: task.status === 'DONE',
    valueType: setting.valueType,
    actions: [{ type: setting.actionType }],
    clinicUuid: task.clinicId,
    userId: task.userId,
    appointmentId: task.appointmentId,
    source: { appointment: task.appointmentId ? { id: task.appointmentId } : null },
    todo: { source: { appointment_id: task.appointmentId } },
    isVideo: setting.isVideo,
    dueAt: task.dueAt?.toISOString() ?? null,
    doneAt: task.doneAt?.toISOString() ?? null,
    isActive: setting.isActive,
    listAttachmentId: task.listAttachmentId,
    config: setting.config,
    order: setting.order,
  };
}

/**
 * spec 2 §7 "Setting task list by appointment": the appointment's tasks, created from the clinic's
 * settings (department, consultation type, the patient's language) the first time they are asked for.
 */
export async function listAppointmentTasks(
  db: Db,
  auth: AuthContext,
  appointmentId: string,
): Promise<CheckInTask[]> {
  const appointment = await requireCheckInAppointment(db, auth, appointmentId);
  return (await ensureTasks(db, appointment)).map(toCheckInTask);
}

async function ensureTasks(db: Db, appointment: CheckInAppointment): Promise<TaskWithSetting[]> {
  const existing = await findTasksOfAppointments(db, [appointment.id]);
  const have = new Set(existing.map((row) => row.setting.id));
  const settings = await findSettingsForAppointment(db, appointment);
  const missing = settings.filter((setting) => !have.has(setting.id));
  if (missing.length === 0) {
    return existing;
  }
  await insertMissingTasks(
    db,
    missing.map((setting) => ({
      clinicId: appointment.clinicId,
      userId: appointment.patientUserId,
      appointmentId: appointment.id,
      settingId: setting.id,
      dueAt: appointment.startAt,
    })),
  );
  return findTasksOfAppointments(db, [appointment.id]);
}

/** The status a task may move to from its current one, or the refusal (spec 2 §4). */
export function nextTaskStatus(
  current: TaskStatus,
  requested: TaskStatus,
  rules: { doneByOwnFlow: boolean; reopenable: boolean; byOwnFlow: boolean },
): { ok: true; status: TaskStatus } | { ok: false; message: string } {
  if (requested === 'DONE' && rules.doneByOwnFlow && !rules.byOwnFlow) {
    return { ok: false, message: TASK_DONE_BY_FLOW_TEXT };
  }
  if (current === 'DONE') {
    // Opening a done task again is fine for regular and vital tasks; it stays done.
    if (requested === 'DONE' || (requested === 'ACCESSED' && rules.reopenable)) {
      return { ok: true, status: 'DONE' };
    }
    return { ok: false, message: TASK_NOT_REOPENABLE_TEXT };
  }
  if (requested === 'NEW') {
    // Nothing goes back to NEW: an accessed task stays accessed.
    return { ok: true, status: current };
  }
  return { ok: true, status: requested };
}

export async function applyStatus(
  db: Db,
  row: TaskWithSetting,
  requested: TaskStatus,
  now: Date,
  options: { byOwnFlow: boolean; listAttachmentId?: string[] | undefined },
): Promise<CheckInTask> {
  const decision = nextTaskStatus(row.task.status, requested, {
    doneByOwnFlow: isDoneByOwnFlow(row.setting.actionType),
    reopenable: canReopenDoneTask(row.setting.valueType),
    byOwnFlow: options.byOwnFlow,
  });
  if (!decision.ok) {
    throw new HttpError(409, decision.message, { code: 'task_status_refused' });
  }
  const updated = await updateTaskStatus(db, row.task.id, {
    status: decision.status,
    ...(decision.status === 'ACCESSED' && row.task.accessedAt === null ? { accessedAt: now } : {}),
    ...(decision.status === 'DONE' && row.task.doneAt === null
      ? { doneAt: now, accessedAt: row.task.accessedAt ?? now }
      : {}),
    ...(options.listAttachmentId ? { listAttachmentId: options.listAttachmentId } : {}),
  });
  if (!updated) {
    throw new HttpError(404, TASK_NOT_FOUND_TEXT, { code: 'task_not_found' });
  }
  return toCheckInTask({ task: updated, setting: row.setting });
}

/**
 * spec 2 §7 "Mark a check-in task": opening a NEW task marks it ACCESSED; completing marks it DONE,
 * except questionnaire and sign-document tasks, whose own flows complete them (completeTaskByFlow).
 */
export async function markTask(
  db: Db,
  auth: AuthContext,
  params: { appointmentId: string; taskId: string },
  input: {
    status: TaskStatus;
    payload?: { settingId?: string | undefined; listAttachmentId?: string[] | undefined } | undefined;
  },
  now: Date,
): Promise<CheckInTask> {
  // One transaction: the check-in's start and the task's status commit with the audit events (0064).
  return db.transaction(async (tx) => {
    const appointment = await requireCheckInAppointment(tx, auth, params.appointmentId);
    const row = await findTask(tx, params.taskId);
    if (
      !row ||
      row.task.appointmentId !== appointment.id ||
      (input.payload?.settingId !== undefined && input.payload.settingId !== row.setting.id)
    ) {
      throw new HttpError(404, TASK_NOT_FOUND_TEXT, { code: 'task_not_found' });
    }
    if (input.status !== 'NEW') {
      await upsertCheckIn(tx, appointment.id, { startedAt: now });
    }
    return applyStatus(tx, row, input.status, now, {
      byOwnFlow: false,
      listAttachmentId: input.payload?.listAttachmentId,
    });
  });
}

/**
 * For the questionnaire and sign-document flows: their task is done once the answers or the signed
 * document are stored. The caller has already checked that `userId` may act for the task's patient.
 */
export async function completeTaskByFlow(
  db: Db,
  input: { taskId: string; patientUserId: string },
  now: Date,
): Promise<CheckInTask> {
  const row = await findTask(db, input.taskId);
  if (!row || row.task.userId !== input.patientUserId) {
    throw new HttpError(404, TASK_NOT_FOUND_TEXT, { code: 'task_not_found' });
  }
  return applyStatus(db, row, 'DONE', now, { byOwnFlow: true });
}

/** A task the caller may work on (patient: their own; provider: their clinic's), or 404. */
export async function requireTask(db: Db, auth: AuthContext, taskId: string): Promise<TaskWithSetting> {
  const row = await findTask(db, taskId);
  const allowed =
    row !== null &&
    (auth.role === 'provider' ? auth.clinicIds.includes(row.task.clinicId) : row.task.userId === auth.userId);
  if (!row || !allowed) {
    throw new HttpError(404, TASK_NOT_FOUND_TEXT, { code: 'task_not_found' });
  }
  return row;
}

/** Done when every non-video task is done (spec 2 §4). */
export function isCheckInComplete(rows: readonly TaskWithSetting[]): boolean {
  return rows.every((row) => row.setting.isVideo || row.task.status === 'DONE');
}

/**
 * spec 2 §4 "When all non-video tasks are done in the check-in flow, the check-in is finished (call
 * with list of appointment ids)": all appointments finish together or none does.
 */
export async function finishCheckIn(
  db: Db,
  auth: AuthContext,
  appointmentIds: string[],
  now: Date,
): Promise<FinishCheckInResponse> {
  const unique = [...new Set(appointmentIds)];
  // One transaction: the tasks it creates and the finish commit with the audit events (decision 0064).
  return db.transaction(async (tx) => {
    const appointments = [];
    for (const id of unique) {
      appointments.push(await requireCheckInAppointment(tx, auth, id));
    }
    const rows: TaskWithSetting[] = [];
    for (const appointment of appointments) {
      rows.push(...(await ensureTasks(tx, appointment)));
    }
    const remaining = rows.filter((row) => !row.setting.isVideo && row.task.status !== 'DONE');
    if (remaining.length > 0) {
      return {
        finished: false,
        appointmentIds: unique,
        remainingTaskIds: remaining.map((row) => row.task.id),
      };
    }
    for (const id of unique) {
      await upsertCheckIn(tx, id, { finishedAt: now });
    }
    return { finished: true, appointmentIds: unique, remainingTaskIds: [] };
  });
}

/** How far ahead the check-in list looks (decision 0018). */
const CHECK_IN_HORIZON_DAYS = 30;

/**
 * spec 2 §4: the patient's check-in entries, appointments of one department on one local date grouped
 * into one entry, finished only when all of them are.
 */
export async function listCheckInEntries(db: Db, auth: AuthContext, now: Date): Promise<CheckInEntry[]> {
  const from = DateTime.fromJSDate(now).minus({ hours: 12 }).toJSDate();
  const to = DateTime.fromJSDate(now).plus({ days: CHECK_IN_HORIZON_DAYS }).toJSDate();
  const appointments = await findUpcomingAppointments(db, auth.userId, from, to);
  const tasks = await findTasksOfAppointments(
    db,
    appointments.map((appointment) => appointment.id),
  );
  const entries = new Map<string, CheckInEntry>();
  for (const appointment of appointments) {
    const date = DateTime.fromJSDate(appointment.startAt, { zone: appointment.timezone }).toISODate() ?? '';
    const key = `${appointment.departmentId}|${date}`;
    const entry = entries.get(key) ?? {
      departmentUuid: appointment.departmentId,
      departmentName: appointment.departmentName,
      date,
      appointmentIds: [],
      startAt: DateTime.fromJSDate(appointment.startAt, { zone: appointment.timezone }).toISO() ?? '',
      timezone: appointment.timezone,
      isFinished: true,
      flow: 'new' as const,
    };
    entry.appointmentIds.push(appointment.id);
    entry.isFinished = entry.isFinished && appointment.finishedAt !== null;
    entries.set(key, entry);
  }
  for (const entry of entries.values()) {
    const entryTasks = tasks.filter((row) => entry.appointmentIds.includes(row.task.appointmentId ?? ''));
    entry.flow = entryTasks.some((row) => row.task.status === 'DONE') ? 'continued' : 'new';
  }
  return [...entries.values()];
}

/** Whether the check-ins of these appointments are finished (for the appointment read model). */
export async function finishedCheckIns(db: Db, appointmentIds: string[]): Promise<Set<string>> {
  const rows = await findCheckIns(db, appointmentIds);
  return new Set(rows.filter((row) => row.finishedAt !== null).map((row) => row.appointmentId));
}

/** POST /api/statistic/appointment/check-in: one event of a check-in (started, finished, session_expired). */
export async function recordCheckInEvent(
  db: Db,
  auth: AuthContext,
  input: { appointmentId: string; status: string },
  now: Date,
): Promise<void> {
  const appointment = await requireCheckInAppointment(db, auth, input.appointmentId);
  // In a transaction, so the audit events commit with the row (decision 0064).
  await db.transaction(async (tx) => {
    await tx.insert(checkInEvents).values({
      appointmentId: appointment.id,
      userId: auth.userId,
      status: input.status,
      createdAt: now,
    });
  });
}

/**
 * A push notification's Done or Skip on one of the patient's tasks (spec 3 §7, decision 0044). Done
 * follows the same rules as the app's "Mark as done" (questionnaire and sign-document tasks refuse it:
 * their own flows complete them). Skip means "seen, later": a NEW task becomes ACCESSED, as opening it
 * would, and stays open; any other task is left as it is. Someone else's task: 404.
 */
export async function markTaskFromNotification(
  db: Db,
  userId: string,
  taskId: string,
  action: 'done' | 'skip',
  now: Date,
): Promise<CheckInTask> {
  const row = await findTask(db, taskId);
  if (!row || row.task.userId !== userId) {
    throw new HttpError(404, TASK_NOT_FOUND_TEXT, { code: 'task_not_found' });
  }
  if (action === 'skip') {
    return row.task.status === 'NEW'
      ? applyStatus(db, row, 'ACCESSED', now, { byOwnFlow: false })
      : toCheckInTask(row);
  }
  const done = await applyStatus(db, row, 'DONE', now, { byOwnFlow: false });
  if (row.task.appointmentId) {
    // As the app's mark does: a task done for an appointment starts its check-in.
    await upsertCheckIn(db, row.task.appointmentId, { startedAt: now });
  }
  return done;
}
