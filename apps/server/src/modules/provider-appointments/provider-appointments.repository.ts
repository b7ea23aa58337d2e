import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AppointmentListStatus, AppointmentListType } from '@app/contracts/provider-appointments';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { departments, providers } from '../../db/schema/clinics.ts';
import { appointmentVisits } from '../../db/schema/provider-visits.ts';
import { appointments } from '../../db/schema/scheduling.ts';

// The clinic's appointment list (decision 0039): one count and one page of ids, filtered in SQL on the
// (clinic_id, start_at) index; the rows themselves come from the appointments module's read model.

export interface AppointmentListFilter {
  clinicId: string;
  /** Inclusive local dates (YYYY-MM-DD), read in each appointment's department zone. */
  from: string;
  to: string;
  providerIds: string[];
  departmentIds: string[];
  statuses: AppointmentListStatus[];
  types: AppointmentListType[];
  /** Words of the patient's name, each the start of the first or last name (or of a later word in them). */
  words: string[];
}

/** The list status of decision 0039: the appointment's own status, refined by the visit (spec 3 §4). */
export const listStatusSql = sql<AppointmentListStatus>`(case
  when ${appointments.status} = 'cancelled' then 'cancelled'
  when ${appointments.status} = 'completed' or ${appointmentVisits.visitStatus} = 'check-out' then 'completed'
  when ${appointmentVisits.visitStatus} = 'check-in' then 'checked-in'
  when ${appointmentVisits.visitStatus} = 'arrived' then 'arrived'
  when ${appointments.status} = 'confirmed' then 'confirmed'
  else 'booked' end)`;

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(filter: AppointmentListFilter): SQL | undefined {
  const localDate = sql`(${appointments.startAt} at time zone ${departments.timezone})::date`;
  const parts: (SQL | undefined)[] = [
    eq(appointments.clinicId, filter.clinicId),
    // A coarse UTC window first (the clinic_id, start_at index), then the exact local dates: no zone
    // is more than 14 hours from UTC, so one day either side is enough.
    gte(appointments.startAt, sql`(${filter.from}::date - 1)::timestamptz`),
    lt(appointments.startAt, sql`(${filter.to}::date + 2)::timestamptz`),
    sql`${localDate} between ${filter.from}::date and ${filter.to}::date`,
    filter.providerIds.length > 0 ? inArray(appointments.providerId, filter.providerIds) : undefined,
    filter.departmentIds.length > 0 ? inArray(appointments.departmentId, filter.departmentIds) : undefined,
    filter.types.length > 0 ? inArray(appointments.type, filter.types) : undefined,
    filter.statuses.length > 0 ? inArray(listStatusSql, filter.statuses) : undefined,
    ...filter.words.map((word) => {
      const prefix = likePrefix(word);
      const inner = `% ${prefix}`;
      return sql`(lower(${users.firstName}) like ${prefix} or lower(${users.lastName}) like ${prefix} or lower(${users.firstName}) like ${inner} or lower(${users.lastName}) like ${inner})`;
    }),
  ];
  return and(...parts);
}

export async function countClinicAppointments(db: Db, filter: AppointmentListFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(appointments)
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .innerJoin(users, eq(users.id, appointments.patientUserId))
    .leftJoin(appointmentVisits, eq(appointmentVisits.appointmentId, appointments.id))
    .where(conditions(filter));
  return row?.total ?? 0;
}

/** One page of ids with their list status, by start time (then id, so pages never overlap). */
export async function pageOfClinicAppointments(
  db: Db,
  filter: AppointmentListFilter,
  limit: number,
  offset: number,
): Promise<{ id: string; status: AppointmentListStatus }[]> {
  return db
    .select({ id: appointments.id, status: listStatusSql })
    .from(appointments)
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .innerJoin(users, eq(users.id, appointments.patientUserId))
    .leftJoin(appointmentVisits, eq(appointmentVisits.appointmentId, appointments.id))
    .where(conditions(filter))
    .orderBy(asc(appointments.startAt), asc(appointments.id))
    .limit(limit)
    .offset(offset);
}

/** Which of these ids are providers of the clinic. */
export async function findClinicProviderIds(db: Db, clinicId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.clinicId, clinicId), inArray(providers.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Which of these ids are departments of the clinic. */
export async function findClinicDepartmentIds(db: Db, clinicId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.clinicId, clinicId), inArray(departments.id, ids)));
  return new Set(rows.map((row) => row.id));
}
