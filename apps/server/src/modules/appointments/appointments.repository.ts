import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
} from '../../db/schema/clinics.ts';
import { appointments, waitlistEntries } from '../../db/schema/scheduling.ts';

const providerUsers = alias(users, 'provider_users');
const patientUsers = alias(users, 'patient_users');

/** One appointment with everything its read model needs (spec 2 §3 Appointment). */
const appointmentRowColumns = {
  id: appointments.id,
  publicId: appointments.publicId,
  clinicId: appointments.clinicId,
  patientUserId: appointments.patientUserId,
  providerId: appointments.providerId,
  departmentId: appointments.departmentId,
  consultationTypeId: appointments.consultationTypeId,
  startAt: appointments.startAt,
  finishAt: appointments.finishAt,
  type: appointments.type,
  status: appointments.status,
  comment: appointments.comment,
  externalId: appointments.externalId,
  confirmedAt: appointments.confirmedAt,
  clinicName: clinics.name,
  clinicModules: clinics.modules,
  patientCancelNoticeMinutes: clinics.patientCancelNoticeMinutes,
  waitlistHiddenSources: clinics.waitlistHiddenSources,
  checkInFlow: clinics.checkInFlow,
  departmentName: departments.name,
  timezone: departments.timezone,
  departmentAddress: departments.address,
  departmentCity: departments.city,
  departmentState: departments.state,
  consultationTypeTitle: consultationTypes.name,
  consultationTypeMessage: consultationTypes.message,
  allowWaitlist: consultationTypes.allowWaitlist,
  isConvertRequired: consultationTypes.isConvertRequired,
  providerTitle: providers.title,
  providerFirstName: providerUsers.firstName,
  providerLastName: providerUsers.lastName,
  providerImage: providerUsers.image,
  patientFirstName: patientUsers.firstName,
  patientLastName: patientUsers.lastName,
  patientEmail: patientUsers.email,
  patientMobilePhone: patientUsers.mobilePhone,
  patientSource: clinicPatients.source,
  waitlistStatus: waitlistEntries.status,
};

export type AppointmentRow = Awaited<ReturnType<typeof selectAppointmentRows>>[number];

function selectAppointmentRows(db: Db, where: SQL | undefined) {
  return db
    .select(appointmentRowColumns)
    .from(appointments)
    .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, appointments.consultationTypeId))
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(providerUsers, eq(providerUsers.id, providers.userId))
    .innerJoin(patientUsers, eq(patientUsers.id, appointments.patientUserId))
    .leftJoin(
      clinicPatients,
      and(
        eq(clinicPatients.clinicId, appointments.clinicId),
        eq(clinicPatients.userId, appointments.patientUserId),
      ),
    )
    .leftJoin(waitlistEntries, eq(waitlistEntries.appointmentId, appointments.id))
    .where(where)
    .orderBy(asc(appointments.startAt), asc(appointments.id));
}

export async function findAppointmentRow(db: Db, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await selectAppointmentRows(db, eq(appointments.id, id));
  return row;
}

export async function findAppointmentRowByPublicId(
  db: Db,
  publicId: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await selectAppointmentRows(db, eq(appointments.publicId, publicId));
  return row;
}

/** The given appointments (a page another module chose), by start time. */
export async function findAppointmentRowsByIds(db: Db, ids: string[]): Promise<AppointmentRow[]> {
  return ids.length === 0 ? [] : selectAppointmentRows(db, inArray(appointments.id, ids));
}

export interface AppointmentListFilter {
  /** Mysql dates (YYYY-MM-DD), inclusive, read in each appointment's department time zone. */
  startDate: string;
  finishDate: string;
  patientUserId?: string;
  clinicIds?: string[];
}

export async function listAppointmentRows(db: Db, filter: AppointmentListFilter): Promise<AppointmentRow[]> {
  if (filter.clinicIds?.length === 0) {
    return [];
  }
  const conditions: SQL[] = [
    // A coarse UTC window first (index on start_at), then the exact local dates: no zone is more than
    // 14 hours from UTC, so one day either side is enough.
    gte(appointments.startAt, sql`(${filter.startDate}::date - 1)::timestamptz`),
    lt(appointments.startAt, sql`(${filter.finishDate}::date + 2)::timestamptz`),
    sql`(${appointments.startAt} at time zone ${departments.timezone})::date between ${filter.startDate}::date and ${filter.finishDate}::date`,
  ];
  if (filter.patientUserId) {
    conditions.push(eq(appointments.patientUserId, filter.patientUserId));
  }
  if (filter.clinicIds) {
    conditions.push(inArray(appointments.clinicId, filter.clinicIds));
  }
  return selectAppointmentRows(db, and(...conditions));
}

/** Locks the appointment row for the rest of the transaction (cancel, reschedule, convert, waitlist). */
export async function lockAppointment(db: Db, id: string): Promise<void> {
  await db.execute(sql`select id from ${appointments} where ${appointments.id} = ${id} for update`);
}

export async function markCancelled(db: Db, id: string, byUserId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: now, cancelledByUserId: byUserId })
    .where(and(eq(appointments.id, id), ne(appointments.status, 'cancelled')))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

export async function setAppointmentType(db: Db, id: string, type: 'video_call' | 'office'): Promise<void> {
  await db.update(appointments).set({ type }).where(eq(appointments.id, id));
}

/** spec 2 §5 reason rules of a consultation type of this clinic. */
export async function findCommentRules(
  db: Db,
  clinicId: string,
  consultationTypeId: string,
): Promise<{ commentLength: number; isCommentRequired: boolean } | undefined> {
  const [row] = await db
    .select({
      commentLength: consultationTypes.commentLength,
      isCommentRequired: consultationTypes.isCommentRequired,
    })
    .from(consultationTypes)
    .where(and(eq(consultationTypes.id, consultationTypeId), eq(consultationTypes.clinicId, clinicId)));
  return row;
}

export interface NewAppointment {
  clinicId: string;
  patientUserId: string;
  providerId: string;
  departmentId: string;
  consultationTypeId: string;
  startAt: Date;
  finishAt: Date;
  type: 'video_call' | 'office';
  comment: string | null;
  externalId: string | null;
  bookedByUserId: string;
  rescheduledFromId: string | null;
  createdAt: Date;
}

export async function insertAppointmentRow(db: Db, values: NewAppointment): Promise<string> {
  const [row] = await db.insert(appointments).values(values).returning({ id: appointments.id });
  if (!row) {
    throw new Error('The appointment was not written');
  }
  return row.id;
}
