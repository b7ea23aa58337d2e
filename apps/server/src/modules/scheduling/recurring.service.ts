import { DateTime } from 'luxon';
import { RECURRING_VISIT_COUNT, type RecurringVisitEntry } from '@app/contracts/scheduling';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { computeFreeSlots, localDateRange, todayIn, type FreeSlot } from './availability.ts';
import { blockKey, listOffers, loadBlocks, loadBusy, type Offer } from './availability.repository.ts';
import { clampToBookingWindow, toTimeSlot } from './availability.service.ts';
import { findConsultationType, listDepartments, listProviders } from './catalogue.repository.ts';
import { CONSULTATION_TYPE_NOT_FOUND_TEXT, callerOf, requireClinicAccess } from './catalogue.service.ts';

export const RECURRING_MODULE_OFF_TEXT = 'Recurring visits are not available at this clinic.';

/**
 * The dates of a series (decision 0017): starting in the ISO week of fromDate, the chosen weekdays
 * on or after fromDate, then the same weekdays every repeatPeriod weeks, until `count` dates.
 */
export function seriesDates(
  fromDate: string,
  days: readonly number[],
  repeatPeriod: number,
  count: number,
): string[] {
  const from = DateTime.fromISO(fromDate, { zone: 'UTC' });
  const weekdays = [...new Set(days)].filter((day) => day >= 1 && day <= 7).sort();
  if (!from.isValid || weekdays.length === 0 || repeatPeriod < 1 || count < 1) {
    return [];
  }
  const monday = from.minus({ days: from.weekday - 1 });
  const dates: string[] = [];
  for (let week = 0; dates.length < count; week += repeatPeriod) {
    for (const weekday of weekdays) {
      const date = monday.plus({ weeks: week, days: weekday - 1 });
      if (date >= from && dates.length < count) {
        dates.push(date.toISODate());
      }
    }
  }
  return dates;
}

const minuteOfDay = (slot: FreeSlot, timezone: string) => {
  const local = DateTime.fromMillis(slot.start, { zone: timezone });
  return local.hour * 60 + local.minute;
};

/**
 * Picks one slot per date (decision 0017): the local time of day free on the most dates of the
 * series (ties: the earliest) is used wherever it is free; on other dates the free slot nearest to
 * that time of day (ties: the earlier). Null when some date has no free slot at all.
 */
export function pickSeries(slotsByDate: FreeSlot[][], timezone: string): FreeSlot[] | null {
  if (slotsByDate.some((slots) => slots.length === 0)) {
    return null;
  }
  const coverage = new Map<number, number>();
  for (const slots of slotsByDate) {
    for (const minute of new Set(slots.map((slot) => minuteOfDay(slot, timezone)))) {
      coverage.set(minute, (coverage.get(minute) ?? 0) + 1);
    }
  }
  const [preferred] = [...coverage.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [0];
  return slotsByDate.map((slots) => {
    let best = slots[0] as FreeSlot;
    for (const slot of slots) {
      const distance = Math.abs(minuteOfDay(slot, timezone) - preferred);
      const bestDistance = Math.abs(minuteOfDay(best, timezone) - preferred);
      if (distance < bestDistance) {
        best = slot;
      }
    }
    return best;
  });
}

/** GET /api/scheduling/recurring-visits (spec 2 §2 recurring visit list, §4 recurring booking, §9). */
export async function listRecurringVisits(
  db: Db,
  auth: AuthContext,
  query: {
    clinicUuid: string;
    providerId?: string | undefined;
    departmentUuid?: string | undefined;
    consultationTypeId: string;
    repeatPeriod: number;
    days: number[];
    fromDate?: string | undefined;
  },
  now: Date,
): Promise<RecurringVisitEntry[]> {
  const clinic = await requireClinicAccess(db, auth, query.clinicUuid);
  if (!clinic.modules.includes('recurring-visit')) {
    throw new HttpError(404, RECURRING_MODULE_OFF_TEXT, { code: 'module_inactive' });
  }
  const caller = callerOf(auth);
  const type = await findConsultationType(db, query.consultationTypeId);
  if (!type || type.clinicId !== clinic.id || (type.isInternal && !caller.isProvider)) {
    throw new HttpError(404, CONSULTATION_TYPE_NOT_FOUND_TEXT, { code: 'consultation_type_not_found' });
  }
  const providerRows = await listProviders(db, {
    clinicId: clinic.id,
    providerId: query.providerId,
    departmentId: query.departmentUuid,
    includeInternal: caller.isProvider,
    onlySchedulingDepartments: !caller.isProvider,
  });
  const providerIds = providerRows.map((row) => row.id);
  const [offers, blocks, departmentRows] = await Promise.all([
    listOffers(db, {
      clinicId: clinic.id,
      providerIds,
      departmentId: query.departmentUuid,
      consultationTypeId: type.id,
    }),
    loadBlocks(db, providerIds),
    listDepartments(db, { clinicId: clinic.id, onlyScheduling: false, includeInternal: true }),
  ]);
  const entries: RecurringVisitEntry[] = [];
  for (const provider of providerRows) {
    const providerOffers = offers.filter(
      (offer) => offer.providerId === provider.id && (caller.isProvider || offer.departmentIsScheduling),
    );
    for (const offer of providerOffers) {
      const department = departmentRows.find((row) => row.id === offer.departmentId);
      const series = await seriesForOffer(
        db,
        offer,
        blocks.get(blockKey(offer.providerId, offer.departmentId)) ?? [],
        {
          fromDate: query.fromDate ?? todayIn(now, offer.timezone),
          days: query.days,
          repeatPeriod: query.repeatPeriod,
          patientUserId: caller.isProvider ? null : caller.userId,
          ignoreBookingWindow: caller.isProvider,
          now,
        },
      );
      if (!series || !department) {
        continue;
      }
      entries.push({
        provider: {
          id: provider.id,
          name: `${provider.firstName} ${provider.lastName}`,
          image: provider.image,
        },
        department: { uuid: department.id, name: department.name, timezone: department.timezone },
        consultationType: { id: type.id, title: type.name },
        visits: series.map((slot) => ({ timeSlots: [toTimeSlot(offer, slot, offer.timezone)] })),
      });
    }
  }
  return entries;
}

async function seriesForOffer(
  db: Db,
  offer: Offer,
  blocks: { weekday: number; startTime: string; endTime: string }[],
  options: {
    fromDate: string;
    days: number[];
    repeatPeriod: number;
    patientUserId: string | null;
    ignoreBookingWindow: boolean;
    now: Date;
  },
): Promise<FreeSlot[] | null> {
  const dates = seriesDates(options.fromDate, options.days, options.repeatPeriod, RECURRING_VISIT_COUNT);
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last || blocks.length === 0) {
    return null;
  }
  // Every visit of the series must lie inside the booking window (patients only).
  if (!options.ignoreBookingWindow) {
    const clamped = clampToBookingWindow(offer, first, last);
    if (!clamped || clamped.fromDate !== first || clamped.toDate !== last) {
      return null;
    }
  }
  const range = localDateRange(first, last, offer.timezone);
  if (!range) {
    return null;
  }
  const busy = await loadBusy(db, {
    providerId: offer.providerId,
    range,
    now: options.now,
    patientUserId: options.patientUserId,
  });
  const slotsByDate = dates.map((date) =>
    computeFreeSlots({
      timezone: offer.timezone,
      blocks,
      durationMinutes: offer.durationMinutes,
      fromDate: date,
      toDate: date,
      busy,
      now: options.now,
    }),
  );
  return pickSeries(slotsByDate, offer.timezone);
}
