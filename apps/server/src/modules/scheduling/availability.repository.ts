import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultationTypes, departments, providers, providerSchedules } from '../../db/schema/clinics.ts';
import {
  appointments,
  providerConsultationTypes,
  providerTimeOff,
  slotHolds,
} from '../../db/schema/scheduling.ts';
import type { Interval, WeeklyBlock } from './availability.ts';

/**
 * What a provider offers: one consultation type in one department (provider_consultation_types),
 * with everything the slot search needs to know about the three of them.
 */
export interface Offer {
  providerId: string;
  departmentId: string;
  consultationTypeId: string;
  clinicId: string;
  timezone: string;
  durationMinutes: number;
  isTelehealth: boolean;
  isInternal: boolean;
  departmentIsScheduling: boolean;
  departmentState: string | null;
  /** spec 2 §3 settings: local dates, null = open-ended. */
  bookingOpenDate: string | null;
  bookingCloseDate: string | null;
  /** spec 2 §2: only providers with scheduling or group scheduling are bookable. */
  providerSchedulable: boolean;
}

const offerColumns = {
  providerId: providerConsultationTypes.providerId,
  departmentId: providerConsultationTypes.departmentId,
  consultationTypeId: providerConsultationTypes.consultationTypeId,
  clinicId: providers.clinicId,
  timezone: departments.timezone,
  durationMinutes: consultationTypes.durationMinutes,
  isTelehealth: consultationTypes.isTelehealth,
  isInternal: consultationTypes.isInternal,
  departmentIsScheduling: departments.isScheduling,
  departmentState: departments.state,
  bookingOpenDate: providerConsultationTypes.bookingOpenDate,
  bookingCloseDate: providerConsultationTypes.bookingCloseDate,
  providerSchedulable: sql<boolean>`(${providers.scheduling} or ${providers.groupScheduling})`,
};

function offersQuery(db: Db) {
  return db
    .select(offerColumns)
    .from(providerConsultationTypes)
    .innerJoin(providers, eq(providers.id, providerConsultationTypes.providerId))
    .innerJoin(departments, eq(departments.id, providerConsultationTypes.departmentId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, providerConsultationTypes.consultationTypeId));
}

/** The one offer of a provider, department and consultation type inside a clinic, or null. */
export async function findOffer(
  db: Db,
  key: { clinicId: string; providerId: string; departmentId: string; consultationTypeId: string },
): Promise<Offer | null> {
  const [row] = await offersQuery(db).where(
    and(
      eq(providerConsultationTypes.providerId, key.providerId),
      eq(providerConsultationTypes.departmentId, key.departmentId),
      eq(providerConsultationTypes.consultationTypeId, key.consultationTypeId),
      eq(providers.clinicId, key.clinicId),
      eq(departments.clinicId, key.clinicId),
      eq(consultationTypes.clinicId, key.clinicId),
    ),
  );
  return row ?? null;
}

/** Every offer of these providers (one query for a whole provider list). */
export async function listOffers(
  db: Db,
  filter: {
    clinicId: string;
    providerIds: string[];
    departmentId?: string | undefined;
    consultationTypeId?: string | undefined;
    visitTypeId?: string | undefined;
  },
): Promise<Offer[]> {
  if (filter.providerIds.length === 0) {
    return [];
  }
  return offersQuery(db).where(
    and(
      inArray(providerConsultationTypes.providerId, filter.providerIds),
      eq(departments.clinicId, filter.clinicId),
      eq(consultationTypes.clinicId, filter.clinicId),
      filter.departmentId ? eq(providerConsultationTypes.departmentId, filter.departmentId) : undefined,
      filter.consultationTypeId
        ? eq(providerConsultationTypes.consultationTypeId, filter.consultationTypeId)
        : undefined,
      filter.visitTypeId ? eq(consultationTypes.visitTypeId, filter.visitTypeId) : undefined,
    ),
  );
}

/** Weekly blocks of these providers, keyed by `${providerId}:${departmentId}`. */
export async function loadBlocks(db: Db, providerIds: string[]): Promise<Map<string, WeeklyBlock[]>> {
  const byKey = new Map<string, WeeklyBlock[]>();
  if (providerIds.length === 0) {
    return byKey;
  }
  const rows = await db
    .select({
      providerId: providerSchedules.providerId,
      departmentId: providerSchedules.departmentId,
      weekday: providerSchedules.weekday,
      startTime: providerSchedules.startTime,
      endTime: providerSchedules.endTime,
    })
    .from(providerSchedules)
    .where(inArray(providerSchedules.providerId, providerIds))
    .orderBy(asc(providerSchedules.weekday), asc(providerSchedules.startTime));
  for (const row of rows) {
    const key = blockKey(row.providerId, row.departmentId);
    const list = byKey.get(key) ?? [];
    list.push({ weekday: row.weekday, startTime: row.startTime, endTime: row.endTime });
    byKey.set(key, list);
  }
  return byKey;
}

export function blockKey(providerId: string, departmentId: string): string {
  return `${providerId}:${departmentId}`;
}

export type BusyKind = 'appointment' | 'hold' | 'time-off';
export interface BusyInterval extends Interval {
  kind: BusyKind;
}

/**
 * A provider's busy time overlapping [range.start, range.end): live appointments (any department:
 * one person cannot be in two places), active holds of patients other than `patientUserId` (a held
 * slot is still offered to its holder), and time off. One round trip (UNION ALL); the appointment
 * part uses the no-overlap constraint's GiST index (provider_id, tstzrange) with its predicate.
 */
export async function loadBusy(
  db: Db,
  query: { providerId: string; range: Interval; now: Date; patientUserId: string | null },
): Promise<BusyInterval[]> {
  const from = new Date(query.range.start).toISOString();
  const to = new Date(query.range.end).toISOString();
  const window = sql`tstzrange(${from}::timestamptz, ${to}::timestamptz)`;
  const appointmentRows = db
    .select({
      kind: sql<BusyKind>`'appointment'`.as('kind'),
      startAt: appointments.startAt,
      finishAt: appointments.finishAt,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, query.providerId),
        ne(appointments.status, 'cancelled'),
        sql`tstzrange(${appointments.startAt}, ${appointments.finishAt}) && ${window}`,
      ),
    );
  const holdRows = db
    .select({
      kind: sql<BusyKind>`'hold'`.as('kind'),
      startAt: slotHolds.startAt,
      finishAt: slotHolds.finishAt,
    })
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.providerId, query.providerId),
        gt(slotHolds.expiresAt, query.now),
        query.patientUserId ? ne(slotHolds.patientUserId, query.patientUserId) : undefined,
        lt(slotHolds.startAt, new Date(query.range.end)),
        gt(slotHolds.finishAt, new Date(query.range.start)),
      ),
    );
  const timeOffRows = db
    .select({
      kind: sql<BusyKind>`'time-off'`.as('kind'),
      startAt: providerTimeOff.startAt,
      finishAt: providerTimeOff.finishAt,
    })
    .from(providerTimeOff)
    .where(
      and(
        eq(providerTimeOff.providerId, query.providerId),
        lt(providerTimeOff.startAt, new Date(query.range.end)),
        gt(providerTimeOff.finishAt, new Date(query.range.start)),
      ),
    );
  const rows = await appointmentRows.unionAll(holdRows).unionAll(timeOffRows);
  return rows.map((row) => ({
    kind: row.kind,
    start: new Date(row.startAt).getTime(),
    end: new Date(row.finishAt).getTime(),
  }));
}

/** Drops the holds a patient had on this provider's slot (after the appointment is created). */
export async function deleteHoldsForSlot(
  db: Db,
  key: { patientUserId: string; providerId: string; startAt: Date },
): Promise<void> {
  await db
    .delete(slotHolds)
    .where(
      and(
        eq(slotHolds.patientUserId, key.patientUserId),
        eq(slotHolds.providerId, key.providerId),
        eq(slotHolds.startAt, key.startAt),
      ),
    );
}
