import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { placeholder, prepared } from '../../db/prepared.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
  providerSchedules,
} from '../../db/schema/clinics.ts';
import {
  appointments,
  providerConsultationTypes,
  providerSlotVersions,
  providerTimeOff,
  slotHolds,
} from '../../db/schema/scheduling.ts';
import type { Interval, WeeklyBlock } from './availability.ts';

// The slot search runs on every time-slot request (issue 4 bench): its queries are prepared (db/prepared.ts).

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
  const statement = prepared(db, 'scheduling_find_offer', () =>
    offersQuery(db)
      .where(
        and(
          eq(providerConsultationTypes.providerId, placeholder('providerId')),
          eq(providerConsultationTypes.departmentId, placeholder('departmentId')),
          eq(providerConsultationTypes.consultationTypeId, placeholder('consultationTypeId')),
          eq(providers.clinicId, placeholder('clinicId')),
          eq(departments.clinicId, placeholder('clinicId')),
          eq(consultationTypes.clinicId, placeholder('clinicId')),
        ),
      )
      .prepare('scheduling_find_offer'),
  );
  const [row] = await statement.execute({
    providerId: key.providerId,
    departmentId: key.departmentId,
    consultationTypeId: key.consultationTypeId,
    clinicId: key.clinicId,
  });
  return row ?? null;
}

/** What one slot search needs before it can answer from the cache (findSlotSearchContext). */
export interface SlotSearchContext {
  /** The caller is registered at the clinic as a patient (always false when no patient is named). */
  isClinicPatient: boolean;
  offer: Offer | null;
  /** provider_slot_versions of the provider as text ('0' when none is stored yet). */
  slotVersion: string;
}

/**
 * Issue 20 item 3, decision 0070: the clinic registration of the caller, the offer and the
 * provider's slot version in one round trip (they were three statements). Driven by the clinic row,
 * so an unknown clinic answers null and an unknown offer answers offer: null. The offer is read live
 * on every search: only appointments, holds, time off and hours are left to the version.
 */
export async function findSlotSearchContext(
  db: Db,
  key: { clinicId: string; providerId: string; departmentId: string; consultationTypeId: string },
  patientUserId: string | null,
): Promise<SlotSearchContext | null> {
  const statement = prepared(db, 'scheduling_slot_search_context', () =>
    db
      .select({
        ...offerColumns,
        // The offer's own ids come from the inner tables: null when any of the three is missing.
        offerProviderId: providers.id,
        offerDepartmentId: departments.id,
        offerTypeId: consultationTypes.id,
        isClinicPatient: sql<boolean>`(${clinicPatients.userId} is not null)`,
        slotVersion: sql<string>`coalesce((select ${providerSlotVersions.version} from ${providerSlotVersions} where ${providerSlotVersions.providerId} = ${placeholder('providerId')}), 0)::text`,
      })
      .from(clinics)
      .leftJoin(
        clinicPatients,
        and(eq(clinicPatients.clinicId, clinics.id), eq(clinicPatients.userId, placeholder('patientUserId'))),
      )
      .leftJoin(
        providerConsultationTypes,
        and(
          eq(providerConsultationTypes.providerId, placeholder('providerId')),
          eq(providerConsultationTypes.departmentId, placeholder('departmentId')),
          eq(providerConsultationTypes.consultationTypeId, placeholder('consultationTypeId')),
        ),
      )
      .leftJoin(
        providers,
        and(eq(providers.id, providerConsultationTypes.providerId), eq(providers.clinicId, clinics.id)),
      )
      .leftJoin(
        departments,
        and(eq(departments.id, providerConsultationTypes.departmentId), eq(departments.clinicId, clinics.id)),
      )
      .leftJoin(
        consultationTypes,
        and(
          eq(consultationTypes.id, providerConsultationTypes.consultationTypeId),
          eq(consultationTypes.clinicId, clinics.id),
        ),
      )
      .where(eq(clinics.id, placeholder('clinicId')))
      .prepare('scheduling_slot_search_context'),
  );
  const [row] = await statement.execute({
    clinicId: key.clinicId,
    providerId: key.providerId,
    departmentId: key.departmentId,
    consultationTypeId: key.consultationTypeId,
    patientUserId,
  });
  if (!row) {
    return null;
  }
  const { offerProviderId, offerDepartmentId, offerTypeId, isClinicPatient, slotVersion, ...columns } = row;
  const { providerId, departmentId, consultationTypeId, clinicId, timezone, durationMinutes } = columns;
  const { isTelehealth, isInternal, departmentIsScheduling } = columns;
  const offer: Offer | null =
    offerProviderId !== null &&
    offerDepartmentId !== null &&
    offerTypeId !== null &&
    providerId !== null &&
    departmentId !== null &&
    consultationTypeId !== null &&
    clinicId !== null &&
    timezone !== null &&
    durationMinutes !== null &&
    isTelehealth !== null &&
    isInternal !== null &&
    departmentIsScheduling !== null
      ? {
          providerId,
          departmentId,
          consultationTypeId,
          clinicId,
          timezone,
          durationMinutes,
          isTelehealth,
          isInternal,
          departmentIsScheduling,
          departmentState: columns.departmentState,
          bookingOpenDate: columns.bookingOpenDate,
          bookingCloseDate: columns.bookingCloseDate,
          providerSchedulable: columns.providerSchedulable,
        }
      : null;
  return { isClinicPatient, offer, slotVersion };
}

/** One provider's weekly blocks in one department. */
export async function loadOfferBlocks(
  db: Db,
  providerId: string,
  departmentId: string,
): Promise<WeeklyBlock[]> {
  const statement = prepared(db, 'scheduling_offer_blocks', () =>
    db
      .select({
        weekday: providerSchedules.weekday,
        startTime: providerSchedules.startTime,
        endTime: providerSchedules.endTime,
      })
      .from(providerSchedules)
      .where(
        and(
          eq(providerSchedules.providerId, placeholder('providerId')),
          eq(providerSchedules.departmentId, placeholder('departmentId')),
        ),
      )
      .prepare('scheduling_offer_blocks'),
  );
  return statement.execute({ providerId, departmentId });
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
  /** A hold's expiry (epoch ms): the slot is free again from then on. Null for other kinds. */
  expiresAt: number | null;
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
  const statement = prepared(db, 'scheduling_busy', () => {
    const window = sql`tstzrange(${placeholder('from')}::timestamptz, ${placeholder('to')}::timestamptz)`;
    const appointmentRows = db
      .select({
        kind: sql<BusyKind>`'appointment'`.as('kind'),
        startAt: appointments.startAt,
        finishAt: appointments.finishAt,
        expiresAt: sql<Date | string | null>`null::timestamptz`.as('expires_at'),
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.providerId, placeholder('providerId')),
          ne(appointments.status, 'cancelled'),
          sql`tstzrange(${appointments.startAt}, ${appointments.finishAt}) && ${window}`,
        ),
      );
    const holdRows = db
      .select({
        kind: sql<BusyKind>`'hold'`.as('kind'),
        startAt: slotHolds.startAt,
        finishAt: slotHolds.finishAt,
        expiresAt: sql<Date | string | null>`${slotHolds.expiresAt}`.as('expires_at'),
      })
      .from(slotHolds)
      .where(
        and(
          eq(slotHolds.providerId, placeholder('providerId')),
          sql`${slotHolds.expiresAt} > ${placeholder('now')}::timestamptz`,
          // A null patient (a provider searching for nobody in particular) sees every hold as busy.
          sql`${slotHolds.patientUserId} is distinct from ${placeholder('patientUserId')}::uuid`,
          sql`${slotHolds.startAt} < ${placeholder('to')}::timestamptz`,
          sql`${slotHolds.finishAt} > ${placeholder('from')}::timestamptz`,
        ),
      );
    const timeOffRows = db
      .select({
        kind: sql<BusyKind>`'time-off'`.as('kind'),
        startAt: providerTimeOff.startAt,
        finishAt: providerTimeOff.finishAt,
        expiresAt: sql<Date | string | null>`null::timestamptz`.as('expires_at'),
      })
      .from(providerTimeOff)
      .where(
        and(
          eq(providerTimeOff.providerId, placeholder('providerId')),
          sql`${providerTimeOff.startAt} < ${placeholder('to')}::timestamptz`,
          sql`${providerTimeOff.finishAt} > ${placeholder('from')}::timestamptz`,
        ),
      );
    return appointmentRows.unionAll(holdRows).unionAll(timeOffRows).prepare('scheduling_busy');
  });
  const rows = await statement.execute({
    providerId: query.providerId,
    patientUserId: query.patientUserId,
    now: query.now.toISOString(),
    from: new Date(query.range.start).toISOString(),
    to: new Date(query.range.end).toISOString(),
  });
  return rows.map((row) => ({
    kind: row.kind,
    start: new Date(row.startAt).getTime(),
    end: new Date(row.finishAt).getTime(),
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).getTime(),
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
