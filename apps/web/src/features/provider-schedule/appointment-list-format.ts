import { formatCalendarDate, formatZoned } from '../../lib/dates/format-time.ts';

// How /provider/appointments writes dates (decision 0039): each appointment in its own time zone
// (spec 3 §2 "date and time in the appointment's timezone"), in the reader's language.

/** "Tue, Nov 24, 2026" for a calendar date (YYYY-MM-DD), whatever zone the browser is in. */
export function formatDay(date: string, language: string): string {
  return formatCalendarDate(date, language, 'weekdayDate');
}

/** The date and the time of an instant read in `zone` (the time names the zone when not the viewer's). */
export function appointmentDateTime(
  iso: string,
  zone: string,
  language: string,
): { date: string; time: string } {
  return {
    date: formatZoned(iso, zone, { language, style: 'weekdayDayMonth' }),
    time: formatZoned(iso, zone, { language, style: 'time' }),
  };
}

/** Pages of the list (at least one, so "Page 1 of 1" reads right when the list is empty). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
