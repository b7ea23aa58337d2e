import type { AppContext } from '../../app-context.ts';
import { addDays, computeFreeSlots, todayIn, type FreeSlot } from '../scheduling/availability.ts';
import { clampToBookingWindow } from '../scheduling/availability.service.ts';
import { loadBlocks, loadBusy, blockKey, type BusyInterval } from '../scheduling/availability.repository.ts';
import type { FhirCaller } from './fhir-caller.ts';
import type { SlotRow } from './fhir-mappers.ts';
import { fhirErrors } from './fhir-outcome.ts';
import { findPublicOffers, type PublicOffer } from './fhir.repository.ts';
import { isUuid, type DateFilter, type SearchQuery } from './fhir-search.ts';

// Issue 21 item 1, decision 0085: Slots are not stored; they are the portal's own slot search
// (modules/scheduling: weekly blocks, busy time, booking windows) computed for the asked range.

/** A Slot search reads at most this many days at once (the portal's slot search reads 31 too). */
export const MAX_SLOT_RANGE_DAYS = 31;
const DAY_MS = 86_400_000;

/** A UUID in 22 characters of FHIR's id alphabet (base64url with `.` for `_`). */
function packUuid(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url').replace(/_/g, '.');
}

function unpackUuid(packed: string): string | null {
  if (!/^[A-Za-z0-9\-.]{22}$/.test(packed)) {
    return null;
  }
  const hex = Buffer.from(packed.replace(/\./g, '_'), 'base64url').toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return isUuid(uuid) && packUuid(uuid) === packed ? uuid : null;
}

export interface SlotKeyOfId {
  providerId: string;
  departmentId: string;
  start: number;
  minutes: number;
}

/**
 * A Slot's id: the provider (its Schedule) and department packed, the start in epoch seconds and the
 * length in minutes — at most 59 characters, within FHIR's 64, and the same for the same time always.
 */
export function slotId(key: SlotKeyOfId): string {
  return `${packUuid(key.providerId)}${packUuid(key.departmentId)}.${Math.floor(key.start / 1000)}.${key.minutes}`;
}

export function parseSlotId(id: string): SlotKeyOfId | null {
  const match = /^([A-Za-z0-9\-.]{22})([A-Za-z0-9\-.]{22})\.(\d{1,11})\.(\d{1,4})$/.exec(id);
  if (!match) {
    return null;
  }
  const providerId = unpackUuid(match[1] ?? '');
  const departmentId = unpackUuid(match[2] ?? '');
  const minutes = Number(match[4]);
  if (!providerId || !departmentId || minutes <= 0) {
    return null;
  }
  return { providerId, departmentId, start: Number(match[3]) * 1000, minutes };
}

/** The instants [from, to) a Slot search's `start` values bound; a 400 unless both ends are given. */
export function slotRangeOf(filters: readonly DateFilter[]): { from: number; to: number } {
  let from = Number.NEGATIVE_INFINITY;
  let to = Number.POSITIVE_INFINITY;
  for (const filter of filters) {
    const start = filter.start.getTime();
    const end = filter.end.getTime();
    if (filter.prefix === 'eq') {
      from = Math.max(from, start);
      to = Math.min(to, end);
    } else if (filter.prefix === 'ge') {
      from = Math.max(from, start);
    } else if (filter.prefix === 'gt' || filter.prefix === 'sa') {
      from = Math.max(from, end);
    } else if (filter.prefix === 'le') {
      to = Math.min(to, end);
    } else if (filter.prefix === 'lt' || filter.prefix === 'eb') {
      to = Math.min(to, start);
    }
  }
  if (!Number.isFinite(from) || !Number.isFinite(to)) {
    throw fhirErrors.badRequest(
      `A Slot search needs a start range, e.g. start=ge2026-12-01&start=lt2026-12-08 (at most ${MAX_SLOT_RANGE_DAYS} days).`,
    );
  }
  if (to - from > MAX_SLOT_RANGE_DAYS * DAY_MS) {
    throw fhirErrors.badRequest(`A Slot search reads at most ${MAX_SLOT_RANGE_DAYS} days at a time.`);
  }
  return { from, to };
}

/** FHIR date prefixes on an instant (as instantMatches does in SQL). */
function startMatches(at: number, filter: DateFilter): boolean {
  const start = filter.start.getTime();
  const end = filter.end.getTime();
  switch (filter.prefix) {
    case 'eq':
      return at >= start && at < end;
    case 'ne':
      return at < start || at >= end;
    case 'lt':
    case 'eb':
      return at < start;
    case 'gt':
    case 'sa':
      return at >= end;
    case 'le':
      return at < end;
    case 'ge':
      return at >= start;
  }
}

interface GridSlot extends SlotRow {
  sortKey: string;
}

/** The grid and free slots of one offer over [from, to), with the booking window applied. */
function slotsOfOffer(
  offer: PublicOffer,
  blocks: readonly { weekday: number; startTime: string; endTime: string }[],
  busy: readonly BusyInterval[],
  range: { from: number; to: number },
  now: Date,
): { grid: FreeSlot[]; free: Set<number> } {
  // Local dates around the range (one more each side: the zone's day may start before or after UTC's).
  const fromDate = addDays(todayIn(new Date(range.from), offer.timezone), -1);
  const toDate = addDays(todayIn(new Date(range.to), offer.timezone), 1);
  const window = clampToBookingWindow(offer, fromDate, toDate);
  if (!window) {
    return { grid: [], free: new Set() };
  }
  const input = {
    timezone: offer.timezone,
    blocks,
    durationMinutes: offer.durationMinutes,
    fromDate: window.fromDate,
    toDate: window.toDate,
    now,
  };
  const inRange = (slot: FreeSlot) => slot.start >= range.from && slot.start < range.to;
  const grid = computeFreeSlots({ ...input, busy: [] }).filter(inRange);
  const free = new Set(
    computeFreeSlots({ ...input, busy })
      .filter(inRange)
      .map((slot) => slot.start),
  );
  return { grid, free };
}

/**
 * The Slots of the caller's clinics' public schedules in the query's range: the `start` range (or,
 * for a read by id, the ids' own times), narrowed by `schedule`, `_id`, `status` and `start`.
 * Statements: the offers, the weekly blocks, and one busy query per provider (the scheduling
 * module's loadBusy) — bounded by the range's 31 days.
 */
export async function searchSlots(
  context: AppContext,
  caller: FhirCaller,
  query: SearchQuery,
): Promise<{ rows: SlotRow[]; total: number }> {
  const keys = query.ids?.map(parseSlotId) ?? null;
  let range: { from: number; to: number };
  if (query.start.length > 0 || keys === null) {
    range = slotRangeOf(query.start);
  } else {
    const known = keys.filter((key): key is SlotKeyOfId => key !== null);
    if (known.length === 0) {
      return { rows: [], total: 0 };
    }
    range = {
      from: Math.min(...known.map((key) => key.start)),
      to: Math.max(...known.map((key) => key.start)) + 1,
    };
    if (range.to - range.from > MAX_SLOT_RANGE_DAYS * DAY_MS) {
      throw fhirErrors.badRequest(`A Slot search reads at most ${MAX_SLOT_RANGE_DAYS} days at a time.`);
    }
  }
  const scheduleIds =
    keys !== null
      ? [...new Set(keys.flatMap((key) => (key ? [key.providerId] : [])))].filter(
          (id) => query.schedule === null || query.schedule.includes(id),
        )
      : (query.schedule?.filter(isUuid) ?? null);
  if (range.to <= range.from || (scheduleIds !== null && scheduleIds.length === 0)) {
    return { rows: [], total: 0 };
  }
  const offers = await findPublicOffers(context.db, caller, scheduleIds);
  const providerIds = [...new Set(offers.map((offer) => offer.providerId))];
  const blocks = await loadBlocks(context.db, providerIds);
  const now = context.now();
  const busyRange = { start: range.from - DAY_MS, end: range.to + DAY_MS };
  const busyOf = new Map<string, BusyInterval[]>();
  for (const providerId of providerIds) {
    busyOf.set(
      providerId,
      await loadBusy(context.db, {
        providerId,
        range: busyRange,
        now,
        // A patient's own holds stay offered to them, as in the portal's slot search.
        patientUserId: caller.patientUserId,
      }),
    );
  }

  const slots = new Map<string, GridSlot>();
  for (const offer of offers) {
    const offerBlocks = blocks.get(blockKey(offer.providerId, offer.departmentId)) ?? [];
    const { grid, free } = slotsOfOffer(offer, offerBlocks, busyOf.get(offer.providerId) ?? [], range, now);
    for (const slot of grid) {
      const id = slotId({
        providerId: offer.providerId,
        departmentId: offer.departmentId,
        start: slot.start,
        minutes: offer.durationMinutes,
      });
      const found = slots.get(id) ?? {
        id,
        scheduleId: offer.providerId,
        start: new Date(slot.start),
        end: new Date(slot.end),
        status: 'busy' as const,
        serviceNames: [],
        sortKey: `${String(slot.start).padStart(15, '0')} ${id}`,
      };
      found.serviceNames.push(offer.consultationTypeName);
      if (free.has(slot.start)) {
        found.status = 'free';
      }
      slots.set(id, found);
    }
  }
  const wantedIds = query.ids === null ? null : new Set(query.ids);
  const matching = [...slots.values()]
    .filter(
      (slot) =>
        (wantedIds === null || wantedIds.has(slot.id)) &&
        (query.status === null || query.status.includes(slot.status)) &&
        query.start.every((filter) => startMatches(slot.start.getTime(), filter)),
    )
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  const rows = matching
    .slice(query.offset, query.offset + query.count)
    .map(({ sortKey: _sortKey, ...row }) => row);
  return { rows, total: matching.length };
}
