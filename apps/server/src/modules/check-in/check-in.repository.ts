import { and, asc, eq, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { checkIns, taskSettings, tasks } from '../../db/schema/check-in.ts';
import { departments } from '../../db/schema/clinics.ts';
import { appointments } from '../../db/schema/scheduling.ts';

export type TaskSettingRow = typeof taskSettings.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskWithSetting = { task: TaskRow; setting: TaskSettingRow };

/** The appointment facts the check-in needs, with the patient's language. */
export async function findCheckInAppointment(db: Db, appointmentId: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      clinicId: appointments.clinicId,
      patientUserId: appointments.patientUserId,
      departmentId: appointments.departmentId,
      departmentName: departments.name,
      timezone: departments.timezone,
      consultationTypeId: appointments.consultationTypeId,
      startAt: appointments.startAt,
      status: appointments.status,
      language: users.communicationLanguage,
    })
    .from(appointments)
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .innerJoin(users, eq(users.id, appointments.patientUserId))
    .where(eq(appointments.id, appointmentId));
  return row ?? null;
}
export type CheckInAppointment = NonNullable<Awaited<ReturnType<typeof findCheckInAppointment>>>;

/** The active, non-on-the-fly settings that apply to an appointment (department, type, language). */
export async function findSettingsForAppointment(
  db: Db,
  appointment: Pick<CheckInAppointment, 'clinicId' | 'departmentId' | 'consultationTypeId' | 'language'>,
): Promise<TaskSettingRow[]> {
  return db
    .select()
    .from(taskSettings)
    .where(
      and(
        eq(taskSettings.clinicId, appointment.clinicId),
        eq(taskSettings.isActive, true),
        eq(taskSettings.isOnFly, false),
        or(isNull(taskSettings.departmentId), eq(taskSettings.departmentId, appointment.departmentId)),
        or(
          isNull(taskSettings.consultationTypeId),
          eq(taskSettings.consultationTypeId, appointment.consultationTypeId),
        ),
        or(isNull(taskSettings.language), eq(taskSettings.language, appointment.language)),
      ),
    )
    .orderBy(asc(taskSettings.order), asc(taskSettings.createdAt));
}

export async function insertMissingTasks(
  db: Db,
  rows: { clinicId: string; userId: string; appointmentId: string; settingId: string; dueAt: Date }[],
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  // Two tabs opening the dashboard at once: the unique index keeps one task per setting.
  await db.insert(tasks).values(rows).onConflictDoNothing();
}

export async function findTasksOfAppointments(db: Db, appointmentIds: string[]): Promise<TaskWithSetting[]> {
  if (appointmentIds.length === 0) {
    return [];
  }
  return db
    .select({ task: tasks, setting: taskSettings })
    .from(tasks)
    .innerJoin(taskSettings, eq(taskSettings.id, tasks.settingId))
    .where(inArray(tasks.appointmentId, appointmentIds))
    .orderBy(asc(taskSettings.order), asc(taskSettings.createdAt));
}

export async function findTask(db: Db, taskId: string): Promise<TaskWithSetting | null> {
  const [row] = await db
    .select({ task: tasks, setting: taskSettings })
    .from(tasks)
    .innerJoin(taskSettings, eq(taskSettings.id, tasks.settingId))
    .where(eq(tasks.id, taskId));
  return row ?? null;
}

export async function updateTaskStatus(
  db: Db,
  taskId: string,
  values: Partial<Pick<TaskRow, 'status' | 'accessedAt' | 'doneAt' | 'listAttachmentId'>>,
): Promise<TaskRow | null> {
  const [row] = await db.update(tasks).set(values).where(eq(tasks.id, taskId)).returning();
  return row ?? null;
}

/** The patient's live appointments from `from` on, with their department (for grouping). */
export async function findUpcomingAppointments(db: Db, patientUserId: string, from: Date, to: Date) {
  return db
    .select({
      id: appointments.id,
      clinicId: appointments.clinicId,
      departmentId: appointments.departmentId,
      departmentName: departments.name,
      timezone: departments.timezone,
      startAt: appointments.startAt,
      finishedAt: checkIns.finishedAt,
    })
    .from(appointments)
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .leftJoin(checkIns, eq(checkIns.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.patientUserId, patientUserId),
        ne(appointments.status, 'cancelled'),
        gte(appointments.startAt, from),
        lt(appointments.startAt, to),
      ),
    )
    .orderBy(asc(appointments.startAt));
}

export async function upsertCheckIn(
  db: Db,
  appointmentId: string,
  values: Partial<Pick<typeof checkIns.$inferInsert, 'startedAt' | 'finishedAt' | 'outsideAt' | 'mode'>>,
): Promise<void> {
  await db
    .insert(checkIns)
    .values({ appointmentId, ...values })
    .onConflictDoUpdate({ target: checkIns.appointmentId, set: values });
}

export async function findCheckIns(db: Db, appointmentIds: string[]) {
  if (appointmentIds.length === 0) {
    return [];
  }
  return db.select().from(checkIns).where(inArray(checkIns.appointmentId, appointmentIds));
}

/**
 * On-the-fly tasks (spec 2 §4): the patient's open ones (not DONE, outside any appointment), at one
 * clinic and/or of one setting, in the clinic's task order.
 */
export async function findOpenOnFlyTasks(
  db: Db,
  userId: string,
  where: { clinicId?: string; settingId?: string },
): Promise<TaskWithSetting[]> {
  return db
    .select({ task: tasks, setting: taskSettings })
    .from(tasks)
    .innerJoin(taskSettings, eq(taskSettings.id, tasks.settingId))
    .where(
      and(
        eq(tasks.userId, userId),
        isNull(tasks.appointmentId),
        ne(tasks.status, 'DONE'),
        where.clinicId === undefined ? undefined : eq(tasks.clinicId, where.clinicId),
        where.settingId === undefined ? undefined : eq(tasks.settingId, where.settingId),
      ),
    )
    .orderBy(asc(taskSettings.order), asc(tasks.createdAt));
}
