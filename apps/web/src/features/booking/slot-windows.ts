import { MAX_SLOT_WINDOW_DAYS, type TimeSlot } from '@app/contracts/scheduling';
import { dayjs } from '../../lib/dates/dayjs.ts';

// spec 2 §4 time-slot loading and §9 bounds. Dates are mysql dates (YYYY-MM-DD) in the department's
// time zone; the arithmetic on them is done in UTC so no zone can shift a day.

export function addDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

export function todayIn(zone: string, now: Date = new Date()): string {
  return dayjs(now).tz(zone).format('YYYY-MM-DD');
}

/** The department-zone day a slot starts on. */
export function slotDay(slot: Pick<TimeSlot, 'startAt'>, zone: string): string {
  return dayjs(slot.startAt).tz(zone).format('YYYY-MM-DD');
}

export interface SlotBounds {
  /** The first day that may be shown: today, or the booking open date when later. */
  minDate: string;
  /** The last day that may be shown: the booking close date; null when there is none. */
  maxDate: string | null;
}

/**
 * spec 2 §9: the calendar minimum is the booking open date or today, the maximum the booking close
 * date; the care-manager app ignores both dates (spec 2 §1, §3).
 */
export function slotBounds(
  today: string,
  settings: { bookingOpenDate: string | null; bookingCloseDate: string | null } | null,
  careManager: boolean,
): SlotBounds {
  if (careManager || !settings) {
    return { minDate: today, maxDate: null };
  }
  const open = settings.bookingOpenDate;
  return {
    minDate: open !== null && open > today ? open : today,
    maxDate: settings.bookingCloseDate,
  };
}

export type FetchWindow = (startAt: string, finishAt: string) => Promise<TimeSlot[]>;

export type WindowResult = { kind: 'slots'; start: string; slots: TimeSlot[] } | { kind: 'empty' };

function windowEnd(start: string, days: number, bounds: SlotBounds): string {
  const end = addDays(start, days - 1);
  return bounds.maxDate !== null && end > bounds.maxDate ? bounds.maxDate : end;
}

/**
 * spec 2 §4: loads the window from `start`; while it is empty, loads the following windows; when the
 * first slot is later than the window start, the window skips forward to the first slot's day. It
 * stops with the no-availability state after 90 days (§9) or past the booking close date.
 */
export async function loadForward(
  start: string,
  days: number,
  bounds: SlotBounds,
  zone: string,
  fetchWindow: FetchWindow,
): Promise<WindowResult> {
  const from = start < bounds.minDate ? bounds.minDate : start;
  const cap = addDays(from, MAX_SLOT_WINDOW_DAYS - 1);
  let cursor = from;
  while (cursor <= cap && (bounds.maxDate === null || cursor <= bounds.maxDate)) {
    const end = windowEnd(cursor, days, bounds);
    const slots = await fetchWindow(cursor, end);
    const first = slots[0];
    if (first) {
      const firstDay = slotDay(first, zone);
      if (firstDay <= cursor) {
        return { kind: 'slots', start: cursor, slots };
      }
      // Skip forward: the window begins on the day of the first slot.
      const shiftedEnd = windowEnd(firstDay, days, bounds);
      const rest = end < shiftedEnd ? await fetchWindow(addDays(end, 1), shiftedEnd) : [];
      return {
        kind: 'slots',
        start: firstDay,
        slots: [...slots.filter((slot) => slotDay(slot, zone) <= shiftedEnd), ...rest],
      };
    }
    cursor = addDays(cursor, days);
  }
  return { kind: 'empty' };
}

/** spec 2 §4: the previous window, never before the calendar minimum. */
export function previousStart(start: string, days: number, bounds: SlotBounds): string {
  const candidate = addDays(start, -days);
  return candidate < bounds.minDate ? bounds.minDate : candidate;
}

/** spec 2 §4: the previous arrow is hidden at the booking open date or today. */
export function showPrevious(start: string, bounds: SlotBounds): boolean {
  return start > bounds.minDate;
}

/** spec 2 §4: the next arrow shows only while the window ends before the booking close date. */
export function showNext(start: string, days: number, bounds: SlotBounds): boolean {
  return bounds.maxDate === null || addDays(start, days - 1) < bounds.maxDate;
}

export interface DayColumn {
  date: string;
  /** Short weekday, e.g. 'Mon' (spec 2 §2 day entries). */
  dayName: string;
  /** 'MMM DD', e.g. 'Nov 23'. */
  formattedDate: string;
  slots: TimeSlot[];
}

/** The window's days with their slots, in the department's zone. */
export function dayColumns(start: string, days: number, slots: TimeSlot[], zone: string): DayColumn[] {
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(start, index);
    const day = dayjs.utc(date);
    return {
      date,
      dayName: day.format('ddd'),
      formattedDate: day.format('MMM DD'),
      slots: slots
        .filter((slot) => slotDay(slot, zone) === date)
        .sort((a, b) => a.startTimestamp - b.startTimestamp),
    };
  });
}
