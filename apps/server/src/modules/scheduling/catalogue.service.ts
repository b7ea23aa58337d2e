import { DateTime } from 'luxon';
import {
  ADVANCED_FILTER_KINDS,
  CLINIC_MODULES,
  MAX_SLOT_WINDOW_DAYS,
  PROVIDER_ROW_SLOT_COUNT,
  type providerListQuerySchema,
  type AdvancedFilterKind,
  type ClinicModule,
  type ConsultationType,
  type ConsultationTypeSettings,
  type Department,
  type SchedulingOptions,
  type SchedulingProvider,
} from '@app/contracts/scheduling';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import {
  addDays,
  computeFreeSlots,
  formatInstant,
  localDateRange,
  todayIn,
  type FreeSlot,
  type Interval,
} from './availability.ts';
import { blockKey, listOffers, loadBlocks, loadBusy, type Offer } from './availability.repository.ts';
import { clampToBookingWindow } from './availability.service.ts';
import {
  findClinic,
  findConsultationType,
  findDepartment,
  findProviderClinic,
  findClinicOfPatient,
  listConsultationTypes,
  listDepartments,
  listNamed,
  listOfferWindows,
  listProviders,
  type ClinicRow,
  type ConsultationTypeRow,
  type DepartmentRow,
  type ProviderFilter,
  type ProviderRow,
} from './catalogue.repository.ts';
import { stateName } from './us-states.ts';

export const CLINIC_NOT_FOUND_TEXT = 'Clinic not found.';
export const PROVIDER_NOT_FOUND_TEXT = 'Provider not found.';
export const DEPARTMENT_NOT_FOUND_TEXT = 'Location not found.';
export const CONSULTATION_TYPE_NOT_FOUND_TEXT = 'Consultation type not found.';
/** Used when a clinic has no department to take a zone from. */
const FALLBACK_TIMEZONE = 'America/New_York';

/** Who is asking, as the scheduling rules see it. */
export interface SchedulingCaller {
  userId: string;
  /** Providers book for patients (the care-manager app): internal types, all departments, no booking window. */
  isProvider: boolean;
}

export function callerOf(auth: AuthContext): SchedulingCaller {
  return { userId: auth.userId, isProvider: auth.role === 'provider' };
}

/**
 * Scheduling data of a clinic is for its registered patients (clinic_patients) and its providers;
 * anyone else is told the clinic does not exist (404), so clinics cannot be probed.
 */
export async function requireClinicAccess(db: Db, auth: AuthContext, clinicId: string): Promise<ClinicRow> {
  // Patients: one query joins the registration (this runs on every slot search).
  const clinic =
    auth.role === 'provider'
      ? auth.clinicIds.includes(clinicId)
        ? await findClinic(db, clinicId)
        : null
      : await findClinicOfPatient(db, clinicId, auth.userId);
  if (!clinic) {
    throw new HttpError(404, CLINIC_NOT_FOUND_TEXT, { code: 'clinic_not_found' });
  }
  return clinic;
}

export function toDepartment(row: DepartmentRow): Department {
  return {
    id: row.id,
    uuid: row.id,
    name: row.name,
    timezone: row.timezone,
    address:
      row.address === null
        ? null
        : {
            line: row.address,
            city: row.city,
            stateId: row.state,
            state: row.state === null ? null : stateName(row.state),
          },
  };
}

export function toConsultationType(row: ConsultationTypeRow): ConsultationType {
  return {
    id: row.id,
    title: row.name,
    duration: row.durationMinutes,
    commentLength: row.commentLength,
    isCommentRequired: row.isCommentRequired,
    isShowComment: row.isShowComment,
    consultationTypeMessage: row.message,
    type: row.isTelehealth ? 'video_call' : 'office',
    isInternal: row.isInternal,
    allowWaitlist: row.allowWaitlist,
    visitTypeId: row.visitTypeId,
  };
}

/** The clinic's zone: that of its first department by name (clinics carry none of their own). */
async function clinicTimezone(db: Db, clinicId: string): Promise<string> {
  const [first] = await listDepartments(db, { clinicId, onlyScheduling: false, includeInternal: true });
  return first?.timezone ?? FALLBACK_TIMEZONE;
}

export async function getSchedulingOptions(
  db: Db,
  auth: AuthContext,
  clinicId: string,
): Promise<SchedulingOptions> {
  const clinic = await requireClinicAccess(db, auth, clinicId);
  const caller = callerOf(auth);
  const [named, departmentRows, timezone] = await Promise.all([
    listNamed(db, clinicId),
    listDepartments(db, { clinicId, onlyScheduling: !caller.isProvider, includeInternal: caller.isProvider }),
    clinicTimezone(db, clinicId),
  ]);
  const stateCodes = [
    ...new Set(departmentRows.map((row) => row.state).filter((s): s is string => !!s)),
  ].sort();
  const advancedFilters = Object.fromEntries(
    ADVANCED_FILTER_KINDS.map((kind) => [
      kind,
      named.filterOptions.filter((option) => option.kind === kind).map(({ id, name }) => ({ id, name })),
    ]),
  ) as Record<AdvancedFilterKind, { id: string; name: string }[]>;
  return {
    clinicUuid: clinic.id,
    clinicName: clinic.name,
    timezone,
    modules: clinic.modules.filter((module): module is ClinicModule =>
      (CLINIC_MODULES as readonly string[]).includes(module),
    ),
    states: stateCodes.map((code) => ({ id: code, name: stateName(code) })),
    insurances: named.insurances,
    specialties: named.specialties,
    visitTypes: named.visitTypes,
    departments: departmentRows.map(toDepartment),
    advancedFilters,
  };
}

interface FirstSlotsOptions {
  fromDate: string;
  patientUserId: string | null;
  now: Date;
  ignoreBookingWindow: boolean;
  count: number;
}

/** The window walked per round when looking for a provider's first slots (decision 0017). */
const FIRST_SLOTS_WINDOW_DAYS = 14;

/**
 * A provider's first `count` free slots over all the given offers, from fromDate, walking
 * FIRST_SLOTS_WINDOW_DAYS at a time (one busy query per window) and never past the 90-day cap.
 */
export async function firstSlotsOfProvider(
  db: Db,
  offers: Offer[],
  blocks: Map<string, { weekday: number; startTime: string; endTime: string }[]>,
  options: FirstSlotsOptions,
): Promise<{ start: number; timezone: string }[]> {
  const first = offers[0];
  if (!first) {
    return [];
  }
  const lastDate = addDays(options.fromDate, MAX_SLOT_WINDOW_DAYS - 1);
  const found: { start: number; timezone: string }[] = [];
  for (let windowStart = options.fromDate; windowStart <= lastDate;) {
    const windowEnd = [addDays(windowStart, FIRST_SLOTS_WINDOW_DAYS - 1), lastDate].sort()[0] ?? lastDate;
    const ranges = offers
      .map((offer) => localDateRange(windowStart, windowEnd, offer.timezone))
      .filter((range): range is Interval => range !== null);
    if (ranges.length === 0) {
      return [];
    }
    const busy = await loadBusy(db, {
      providerId: first.providerId,
      range: { start: Math.min(...ranges.map((r) => r.start)), end: Math.max(...ranges.map((r) => r.end)) },
      now: options.now,
      patientUserId: options.patientUserId,
    });
    for (const offer of offers) {
      const range = options.ignoreBookingWindow
        ? { fromDate: windowStart, toDate: windowEnd }
        : clampToBookingWindow(offer, windowStart, windowEnd);
      if (!range) {
        continue;
      }
      const slots: FreeSlot[] = computeFreeSlots({
        timezone: offer.timezone,
        blocks: blocks.get(blockKey(offer.providerId, offer.departmentId)) ?? [],
        durationMinutes: offer.durationMinutes,
        fromDate: range.fromDate,
        toDate: range.toDate,
        busy,
        now: options.now,
        limit: options.count,
      });
      found.push(...slots.map((slot) => ({ start: slot.start, timezone: offer.timezone })));
    }
    const distinct = [...new Map(found.map((slot) => [slot.start, slot])).values()].sort(
      (a, b) => a.start - b.start,
    );
    if (distinct.length >= options.count) {
      return distinct.slice(0, options.count);
    }
    found.splice(0, found.length, ...distinct);
    windowStart = addDays(windowEnd, 1);
  }
  return found;
}

type ProviderListQuery = z.output<typeof providerListQuerySchema>;

function ageOn(birthDate: string, today: string): number | undefined {
  const years = DateTime.fromISO(today).diff(DateTime.fromISO(birthDate), 'years').years;
  return Number.isFinite(years) ? Math.floor(years) : undefined;
}

async function providerRows(
  db: Db,
  caller: SchedulingCaller,
  clinicId: string,
  filter: Omit<ProviderFilter, 'clinicId' | 'includeInternal' | 'onlySchedulingDepartments'>,
  options: { fromDate?: string | undefined; includeInternal: boolean },
  now: Date,
): Promise<SchedulingProvider[]> {
  const includeInternal = caller.isProvider && options.includeInternal;
  const rows = await listProviders(db, {
    ...filter,
    clinicId,
    includeInternal,
    onlySchedulingDepartments: !caller.isProvider,
  });
  if (rows.length === 0) {
    return [];
  }
  const providerIds = rows.map((row) => row.id);
  const [offers, blocks, timezone] = await Promise.all([
    listOffers(db, {
      clinicId,
      providerIds,
      departmentId: filter.departmentId,
      visitTypeId: filter.visitTypeId,
    }),
    loadBlocks(db, providerIds),
    clinicTimezone(db, clinicId),
  ]);
  const fromDate = options.fromDate ?? todayIn(now, timezone);
  const usable = offers.filter(
    (offer) =>
      (includeInternal || !offer.isInternal) &&
      (caller.isProvider || offer.departmentIsScheduling) &&
      (!filter.stateId || offer.departmentState === filter.stateId),
  );
  // Providers are searched one after another: the pool stays free for other requests, and the first
  // window usually answers.
  const result: SchedulingProvider[] = [];
  for (const row of rows) {
    const slots = await firstSlotsOfProvider(
      db,
      usable.filter((offer) => offer.providerId === row.id),
      blocks,
      {
        fromDate,
        patientUserId: caller.isProvider ? null : caller.userId,
        now,
        ignoreBookingWindow: caller.isProvider,
        count: PROVIDER_ROW_SLOT_COUNT,
      },
    );
    result.push(toProvider(row, slots));
  }
  return result;
}

function toProvider(row: ProviderRow, slots: { start: number; timezone: string }[]): SchedulingProvider {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    firstName: row.firstName,
    title: row.title,
    specialty: row.specialty,
    image: row.image,
    acceptingNewPatients: row.acceptingNewPatients,
    permission: { scheduling: row.scheduling, groupScheduling: row.groupScheduling },
    timeslotList: slots.map((slot) => ({ startAt: formatInstant(slot.start, slot.timezone) })),
  };
}

/** GET /api/scheduling/providers (spec 2 §2 provider list, §7 Doctors list). */
export async function listProvidersForBooking(
  db: Db,
  auth: AuthContext,
  query: ProviderListQuery,
  now: Date,
): Promise<SchedulingProvider[]> {
  await requireClinicAccess(db, auth, query.clinicUuid);
  const caller = callerOf(auth);
  // spec 2 §2: the advanced filters (date of birth, the option lists, accepting new patients) are the
  // care manager's; a patient's request is answered without them.
  const advanced = caller.isProvider
    ? {
        acceptingNewPatients: query.acceptingNewPatients,
        patientAge: query.birthDate
          ? ageOn(query.birthDate, todayIn(now, await clinicTimezone(db, query.clinicUuid)))
          : undefined,
        optionIds: {
          language: query.languageIds,
          modality: query.modalityIds,
          gender: query.genderIds,
          allyship: query.allyshipIds,
          ethnicity: query.ethnicityIds,
        },
      }
    : {};
  return providerRows(
    db,
    caller,
    query.clinicUuid,
    {
      stateId: query.stateId,
      insuranceId: query.insuranceId,
      specialtyId: query.specialtyId,
      visitTypeId: query.visitTypeId,
      departmentId: query.departmentId,
      ...advanced,
    },
    { fromDate: query.fromDate, includeInternal: query.internalBooking ?? false },
    now,
  );
}

/** GET /api/scheduling/providers/:providerId (spec 2 §7 Doctor by id). */
export async function getProviderForBooking(
  db: Db,
  auth: AuthContext,
  clinicId: string,
  providerId: string,
  now: Date,
): Promise<SchedulingProvider> {
  await requireClinicAccess(db, auth, clinicId);
  const caller = callerOf(auth);
  const [row] = await providerRows(db, caller, clinicId, { providerId }, { includeInternal: true }, now);
  if (!row) {
    throw new HttpError(404, PROVIDER_NOT_FOUND_TEXT, { code: 'provider_not_found' });
  }
  return row;
}

/** GET /api/scheduling/departments: patients see only departments open for scheduling (spec 2 §6). */
export async function listDepartmentsForBooking(
  db: Db,
  auth: AuthContext,
  query: { clinicUuid: string; providerId?: string | undefined; visitTypeId?: string | undefined },
): Promise<Department[]> {
  await requireClinicAccess(db, auth, query.clinicUuid);
  const caller = callerOf(auth);
  const rows = await listDepartments(db, {
    clinicId: query.clinicUuid,
    onlyScheduling: !caller.isProvider,
    providerId: query.providerId,
    visitTypeId: query.visitTypeId,
    includeInternal: caller.isProvider,
  });
  return rows.map(toDepartment);
}

/** GET /api/scheduling/consultation-types: internal types only for providers asking booking=internal. */
export async function listConsultationTypesForBooking(
  db: Db,
  auth: AuthContext,
  query: {
    clinicUuid: string;
    providerId?: string | undefined;
    visitTypeId?: string | undefined;
    departmentUuid?: string | undefined;
    booking?: 'internal' | undefined;
  },
): Promise<ConsultationType[]> {
  await requireClinicAccess(db, auth, query.clinicUuid);
  const caller = callerOf(auth);
  if (query.departmentUuid && !caller.isProvider) {
    const department = await findDepartment(db, query.departmentUuid);
    if (!department || department.clinicId !== query.clinicUuid || !department.isScheduling) {
      return [];
    }
  }
  const rows = await listConsultationTypes(db, {
    clinicId: query.clinicUuid,
    includeInternal: caller.isProvider && query.booking === 'internal',
    onlySchedulingDepartments: !caller.isProvider,
    providerId: query.providerId,
    departmentId: query.departmentUuid,
    visitTypeId: query.visitTypeId,
  });
  return rows.map(toConsultationType);
}

export async function getConsultationTypeForBooking(
  db: Db,
  auth: AuthContext,
  consultationTypeId: string,
): Promise<ConsultationType> {
  const row = await findConsultationType(db, consultationTypeId);
  const notFound = new HttpError(404, CONSULTATION_TYPE_NOT_FOUND_TEXT, {
    code: 'consultation_type_not_found',
  });
  if (!row) {
    throw notFound;
  }
  await requireClinicAccess(db, auth, row.clinicId).catch(() => {
    throw notFound;
  });
  if (row.isInternal && auth.role !== 'provider') {
    throw notFound;
  }
  return toConsultationType(row);
}

/**
 * GET /api/scheduling/consultation-type-settings (spec 2 §3 settings). Across departments the
 * widest window wins: the earliest open date and the latest close date, null when any is open-ended.
 */
export async function getConsultationTypeSettings(
  db: Db,
  auth: AuthContext,
  query: { providerId: string; consultationTypeId: string; departmentUuid?: string | undefined },
): Promise<ConsultationTypeSettings> {
  const clinicId = await findProviderClinic(db, query.providerId);
  const notFound = new HttpError(404, PROVIDER_NOT_FOUND_TEXT, { code: 'provider_not_found' });
  if (!clinicId) {
    throw notFound;
  }
  await requireClinicAccess(db, auth, clinicId).catch(() => {
    throw notFound;
  });
  const caller = callerOf(auth);
  const windows = (
    await listOfferWindows(db, {
      providerId: query.providerId,
      consultationTypeId: query.consultationTypeId,
      departmentId: query.departmentUuid,
      onlyScheduling: !caller.isProvider,
    })
  ).filter((window) => caller.isProvider || !window.isInternal);
  if (windows.length === 0) {
    throw new HttpError(404, CONSULTATION_TYPE_NOT_FOUND_TEXT, { code: 'consultation_type_not_found' });
  }
  const opens = windows.map((window) => window.bookingOpenDate);
  const closes = windows.map((window) => window.bookingCloseDate);
  return {
    bookingOpenDate: opens.includes(null) ? null : ([...(opens as string[])].sort()[0] ?? null),
    bookingCloseDate: closes.includes(null) ? null : ([...(closes as string[])].sort().at(-1) ?? null),
  };
}
