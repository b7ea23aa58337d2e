import { DateTime, IANAZone } from 'luxon';

// Issue 4 / spec 2 §3-§4: free slots are computed, never stored. A provider's weekly blocks are local
// wall-clock times in the department's IANA zone; everything else (appointments, holds, time off,
// "now") is an absolute instant. This module is pure so the rules, DST included, are unit-tested.
//
// Decision 0017 (DST): a block's start and end are each read as a local time on that date, then the
// block is walked in real elapsed minutes. So
// - a block that crosses the spring-forward gap is one hour shorter in real time (fewer slots);
// - a block that crosses the fall-back hour is one hour longer (the repeated hour is offered twice,
//   with different offsets, because both are real, distinct instants);
// - a local time inside the spring-forward gap (e.g. 02:30 on 2026-03-08 in New York) does not exist
//   and is moved forward by the size of the gap (03:30 EDT), luxon's rule;
// - an ambiguous local time (01:30 on 2026-11-01 in New York) is read at its first occurrence (EDT).
// Slots never overlap and always last exactly the consultation type's duration.

/** One weekly working block: ISO weekday (1 = Monday) and local 'HH:MM[:SS]' times. */
export interface WeeklyBlock {
  weekday: number;
  startTime: string;
  endTime: string;
}

/** A half-open interval of absolute time, in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

export interface AvailabilityInput {
  /** The department's IANA zone. */
  timezone: string;
  blocks: readonly WeeklyBlock[];
  durationMinutes: number;
  /** First and last local date (YYYY-MM-DD) searched, both included. */
  fromDate: string;
  toDate: string;
  /** Appointments, holds of other patients, time off: a slot overlapping any of them is not free. */
  busy: readonly Interval[];
  /** Slots starting at or before this instant are past (spec 2 §4: only future slots are offered). */
  now: Date;
  /** Stop after this many slots (provider rows show only the first few). */
  limit?: number;
}

export interface FreeSlot {
  start: number;
  end: number;
}

const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

function parseLocalTime(value: string): { hour: number; minute: number; second: number } | null {
  const match = TIME_PATTERN.exec(value);
  if (!match) {
    return null;
  }
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3] ?? 0);
  if (hour > 24 || minute > 59 || second > 59 || (hour === 24 && (minute > 0 || second > 0))) {
    return null;
  }
  return { hour, minute, second };
}

// Zone offsets are looked up through luxon's IANAZone (Intl underneath, which is slow) and cached per
// zone and quarter hour: every real transition falls on a quarter hour, so a bucket has one offset.
// The slot search asks for the same few offsets again and again (issue 4 bench).
const QUARTER_HOUR = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();
const zones = new Map<string, IANAZone>();
const validZones = new Map<string, boolean>();

/** luxon's check builds an Intl formatter each time (about a millisecond): remembered per zone. */
export function isValidZone(timezone: string): boolean {
  let valid = validZones.get(timezone);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(timezone);
    if (validZones.size < 1000) {
      validZones.set(timezone, valid);
    }
  }
  return valid;
}

/** The zone's offset from UTC at an instant, in milliseconds. */
export function offsetAt(timezone: string, epochMs: number): number {
  let zone = zones.get(timezone);
  if (!zone) {
    zone = IANAZone.create(timezone);
    zones.set(timezone, zone);
  }
  let cache = offsetCache.get(timezone);
  if (!cache) {
    cache = new Map();
    offsetCache.set(timezone, cache);
  }
  const bucket = Math.floor(epochMs / QUARTER_HOUR);
  let offset = cache.get(bucket);
  if (offset === undefined) {
    if (cache.size > 200_000) {
      cache.clear();
    }
    offset = zone.offset(bucket * QUARTER_HOUR) * 60_000;
    cache.set(bucket, offset);
  }
  return offset;
}

/**
 * The instant of a local wall-clock time given as "local milliseconds" (the wall clock read as if it
 * were UTC). Ambiguous times take their first occurrence; nonexistent ones move forward by the gap
 * (the rules at the top of this file). Assumes at most one transition within 12 hours.
 */
export function instantOfLocal(localMs: number, timezone: string): number {
  const before = offsetAt(timezone, localMs - 12 * 3_600_000);
  const after = offsetAt(timezone, localMs + 12 * 3_600_000);
  const early = localMs - before;
  if (before === after) {
    return early;
  }
  const late = localMs - after;
  const earlyValid = offsetAt(timezone, early) === before;
  const lateValid = offsetAt(timezone, late) === after;
  if (earlyValid && lateValid) {
    return Math.min(early, late);
  }
  if (earlyValid) {
    return early;
  }
  if (lateValid) {
    return late;
  }
  return localMs - Math.min(before, after);
}

const DAY = 86_400_000;

/** A local calendar day as "local milliseconds" of its midnight (UTC arithmetic, no zone). */
function parseDay(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) {
    return null;
  }
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().startsWith(date) ? ms : null;
}

/** ISO weekday (1 = Monday) of a local day given as local midnight milliseconds. */
function isoWeekday(dayMs: number): number {
  const day = new Date(dayMs).getUTCDay();
  return day === 0 ? 7 : day;
}

function timeMs(time: { hour: number; minute: number; second: number }): number {
  return ((time.hour * 60 + time.minute) * 60 + time.second) * 1000;
}

/** Parses a local YYYY-MM-DD date in a zone; null when the date or zone is invalid. */
export function localDate(date: string, timezone: string): DateTime | null {
  const parsed = DateTime.fromISO(date, { zone: timezone });
  return parsed.isValid ? parsed.startOf('day') : null;
}

/** The half-open instant range [start of fromDate, start of the day after toDate) in the zone. */
export function localDateRange(fromDate: string, toDate: string, timezone: string): Interval | null {
  const from = parseDay(fromDate);
  const to = parseDay(toDate);
  if (from === null || to === null || !isValidZone(timezone)) {
    return null;
  }
  return { start: instantOfLocal(from, timezone), end: instantOfLocal(to + DAY, timezone) };
}

/**
 * The candidate slots of one local day (before busy time is removed), sorted by start. The day is
 * its local midnight in "local milliseconds".
 */
export function daySlots(
  dayMs: number,
  timezone: string,
  blocks: readonly WeeklyBlock[],
  durationMinutes: number,
): FreeSlot[] {
  const step = durationMinutes * 60_000;
  const weekday = isoWeekday(dayMs);
  const slots: FreeSlot[] = [];
  for (const block of blocks) {
    if (block.weekday !== weekday) {
      continue;
    }
    const startTime = parseLocalTime(block.startTime);
    const endTime = parseLocalTime(block.endTime);
    if (!startTime || !endTime) {
      continue;
    }
    // 24:00 is the next midnight, which instantOfLocal reads like any other local time.
    const blockStart = instantOfLocal(dayMs + timeMs(startTime), timezone);
    const blockEnd = instantOfLocal(dayMs + timeMs(endTime), timezone);
    for (let start = blockStart; start + step <= blockEnd; start += step) {
      slots.push({ start, end: start + step });
    }
  }
  slots.sort((a, b) => a.start - b.start);
  // Overlapping blocks of one day would offer the same time twice; keep the first of any overlap.
  const distinct: FreeSlot[] = [];
  for (const slot of slots) {
    const last = distinct[distinct.length - 1];
    if (!last || slot.start >= last.end) {
      distinct.push(slot);
    }
  }
  return distinct;
}

/** Sorted and merged busy intervals, so one forward sweep answers every slot. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) {
      last.end = Math.max(last.end, interval.end);
    } else {
      merged.push({ ...interval });
    }
  }
  return merged;
}

/** Free slots of the local date range, in time order. */
export function computeFreeSlots(input: AvailabilityInput): FreeSlot[] {
  if (input.durationMinutes <= 0 || input.blocks.length === 0 || !isValidZone(input.timezone)) {
    return [];
  }
  const from = parseDay(input.fromDate);
  const to = parseDay(input.toDate);
  if (from === null || to === null || from > to) {
    return [];
  }
  const busy = mergeIntervals(input.busy);
  const now = input.now.getTime();
  const limit = input.limit ?? Number.POSITIVE_INFINITY;
  const free: FreeSlot[] = [];
  let busyIndex = 0;
  for (let day = from; day <= to; day += DAY) {
    for (const slot of daySlots(day, input.timezone, input.blocks, input.durationMinutes)) {
      if (slot.start <= now) {
        continue;
      }
      // Busy intervals ending at or before this slot's start can never overlap a later slot.
      while (busyIndex < busy.length && (busy[busyIndex] as Interval).end <= slot.start) {
        busyIndex += 1;
      }
      const next = busy[busyIndex];
      if (next && next.start < slot.end) {
        continue;
      }
      free.push(slot);
      if (free.length >= limit) {
        return free;
      }
    }
  }
  return free;
}

/** The local day (midnight, local milliseconds) an instant falls on in a zone. */
function localDayOf(epochMs: number, timezone: string): number {
  const local = epochMs + offsetAt(timezone, epochMs);
  return local - (((local % DAY) + DAY) % DAY);
}

/** True when [start, end) is exactly one of the grid's slots on its local day. */
export function isOnGrid(
  slot: Interval,
  blocks: readonly WeeklyBlock[],
  durationMinutes: number,
  timezone: string,
): boolean {
  // A slot in the repeated fall-back hour belongs to the local day it starts on.
  return daySlots(localDayOf(slot.start, timezone), timezone, blocks, durationMinutes).some(
    (candidate) => candidate.start === slot.start && candidate.end === slot.end,
  );
}

const pad = (value: number) => String(value).padStart(2, '0');

// Formatted instants are remembered per zone like the offsets: a search formats two per slot, and the
// same popular windows are formatted again and again (building the string cost more than the search).
const formattedCache = new Map<string, Map<number, string>>();

/** ISO 8601 with the zone's offset at that instant (spec 2 §9 iso8601offset), e.g. 2026-03-09T09:00:00-04:00. */
export function formatInstant(epochMs: number, timezone: string): string {
  let cache = formattedCache.get(timezone);
  if (!cache) {
    cache = new Map();
    formattedCache.set(timezone, cache);
  }
  let formatted = cache.get(epochMs);
  if (formatted === undefined) {
    const offset = offsetAt(timezone, epochMs);
    const local = new Date(Math.floor((epochMs + offset) / 1000) * 1000).toISOString().slice(0, 19);
    const minutes = Math.abs(offset) / 60_000;
    formatted = `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    if (cache.size > 200_000) {
      cache.clear();
    }
    cache.set(epochMs, formatted);
  }
  return formatted;
}

/** Today's local date in a zone, YYYY-MM-DD. */
export function todayIn(now: Date, timezone: string): string {
  return DateTime.fromJSDate(now, { zone: timezone }).toISODate() ?? '';
}

/** Adds days to a local YYYY-MM-DD date (calendar days, zone-independent). */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() ?? date;
}

/** Whole calendar days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round(
    DateTime.fromISO(b, { zone: 'UTC' }).diff(DateTime.fromISO(a, { zone: 'UTC' }), 'days').days,
  );
}
