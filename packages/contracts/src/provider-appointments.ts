import { z } from 'zod';
import { singleLineText } from './text.ts';
import { providerAppointmentSchema } from './provider-schedule.ts';
import { mysqlDateSchema } from './scheduling.ts';

// /provider/appointments (spec 1 §2 landing of provider self-registration without MESSAGE and of the
// provider single sign-on without a patient; spec 3 §6 APPOINTMENTS): the clinic's appointments
// across providers over a date range, filtered, searched and paged (decision 0039).
// GET /api/provider/clinics/:clinicId/appointments

/** 25 per page without a chooser, like the insurance list (spec 3 §9). */
export const APPOINTMENT_LIST_PAGE_SIZE = 25;
/** Without dates the list shows today and the next 7 days, in the clinic's time zone. */
export const APPOINTMENT_LIST_DEFAULT_DAYS_AHEAD = 7;
/** The longest range one request may ask for, counting both ends (keeps every query cheap). */
export const APPOINTMENT_LIST_MAX_DAYS = 31;
/** The range stays inside the schedule's bounds (decision 0024: one year back, one year ahead). */
export const APPOINTMENT_LIST_DAYS_BACK = 365;
export const APPOINTMENT_LIST_DAYS_AHEAD = 365;
export const APPOINTMENT_SEARCH_MAX_LENGTH = 100;
export const APPOINTMENT_LIST_MAX_PAGE = 10_000;

/**
 * The status a front desk reads, from the appointment's status and the visit status of spec 3 §4:
 * cancelled, then completed (or checked out), checked in, arrived, confirmed, else booked.
 */
export const APPOINTMENT_LIST_STATUSES = [
  'booked',
  'confirmed',
  'arrived',
  'checked-in',
  'completed',
  'cancelled',
] as const;
export type AppointmentListStatus = (typeof APPOINTMENT_LIST_STATUSES)[number];

export const APPOINTMENT_LIST_TYPES = ['office', 'video_call'] as const;
export type AppointmentListType = (typeof APPOINTMENT_LIST_TYPES)[number];

export const RANGE_END_BEFORE_START_TEXT = 'The end date must be on or after the start date.';
export const RANGE_TOO_LONG_TEXT = `Choose a range of at most ${String(APPOINTMENT_LIST_MAX_DAYS)} days.`;
export const RANGE_OUT_OF_BOUNDS_TEXT = 'Choose dates within one year of today.';
export const UNKNOWN_PROVIDER_TEXT = 'Provider not found.';
export const UNKNOWN_DEPARTMENT_TEXT = 'Department not found.';

/** A comma-separated list in a query string (`statuses=booked,confirmed`). */
function listParam<T extends z.ZodType<unknown, string>>(item: T, max: number) {
  return singleLineText()
    .max(4000, 'The list is too long.')
    .transform((text) => text.split(',').filter((part) => part.length > 0))
    .pipe(z.array(item).max(max, 'The list has too many entries.'));
}

export const appointmentListQuerySchema = z.object({
  /** First day (YYYY-MM-DD, in each appointment's own zone); default today in the clinic's zone. */
  from: mysqlDateSchema.optional(),
  /** Last day, inclusive; default `from` + 7 days. */
  to: mysqlDateSchema.optional(),
  providerIds: listParam(z.uuid('Each provider id must be a valid id.'), 100).optional(),
  departmentUuids: listParam(z.uuid('Each department id must be a valid id.'), 100).optional(),
  statuses: listParam(
    z.enum(APPOINTMENT_LIST_STATUSES, {
      error: 'A status is booked, confirmed, arrived, checked-in, completed or cancelled.',
    }),
    APPOINTMENT_LIST_STATUSES.length,
  ).optional(),
  types: listParam(
    z.enum(APPOINTMENT_LIST_TYPES, { error: 'A visit type is office or video_call.' }),
    APPOINTMENT_LIST_TYPES.length,
  ).optional(),
  /** Patient name: every word starts the first or the last name. */
  q: singleLineText()
    .trim()
    .max(
      APPOINTMENT_SEARCH_MAX_LENGTH,
      `Search with at most ${String(APPOINTMENT_SEARCH_MAX_LENGTH)} characters.`,
    )
    .optional(),
  page: z.coerce
    .number({ error: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page starts at 1.')
    .max(APPOINTMENT_LIST_MAX_PAGE, 'page is too large.')
    .default(1),
});
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;

/** One row: the schedule's provider appointment (spec 3 §3) with its list status and its day. */
export const appointmentListItemSchema = providerAppointmentSchema.extend({
  status: z.enum(APPOINTMENT_LIST_STATUSES),
  /** The appointment's date against today in its own zone: the day schedule's row actions follow it. */
  day: z.enum(['past', 'today', 'future']),
});
export type AppointmentListItem = z.infer<typeof appointmentListItemSchema>;

export const appointmentListResponseSchema = z.object({
  /** The range answered (the defaults filled in). */
  from: mysqlDateSchema,
  to: mysqlDateSchema,
  /** Today in the clinic's time zone, and the bounds of the date inputs. */
  today: mysqlDateSchema,
  minDate: mysqlDateSchema,
  maxDate: mysqlDateSchema,
  timezone: z.string(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  appointments: z.array(appointmentListItemSchema),
});
export type AppointmentListResponse = z.infer<typeof appointmentListResponseSchema>;

/** YYYY-MM-DD moved by whole days (calendar arithmetic in UTC, no clock involved). */
export function addDaysToDate(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Days from `from` to `to` counting both ends (1 for the same day). */
export function daysInRange(from: string, to: string): number {
  const at = (date: string) => {
    const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((at(to) - at(from)) / 86_400_000) + 1;
}

export type ListRange =
  { ok: true; from: string; to: string } | { ok: false; field: 'from' | 'to'; message: string };

/**
 * The range a list request means: `from` defaults to today (the clinic's), `to` to `from` + 7 days;
 * the end may not come before the start, a range holds at most 31 days and stays within a year of
 * today. The server answers 400 with the message; the web checks the same before it asks.
 */
export function resolveListRange(from: string | undefined, to: string | undefined, today: string): ListRange {
  const start = from ?? today;
  const end = to ?? addDaysToDate(start, APPOINTMENT_LIST_DEFAULT_DAYS_AHEAD);
  if (end < start) {
    return { ok: false, field: 'to', message: RANGE_END_BEFORE_START_TEXT };
  }
  if (daysInRange(start, end) > APPOINTMENT_LIST_MAX_DAYS) {
    return { ok: false, field: 'to', message: RANGE_TOO_LONG_TEXT };
  }
  if (start < addDaysToDate(today, -APPOINTMENT_LIST_DAYS_BACK)) {
    return { ok: false, field: 'from', message: RANGE_OUT_OF_BOUNDS_TEXT };
  }
  if (end > addDaysToDate(today, APPOINTMENT_LIST_DAYS_AHEAD)) {
    return { ok: false, field: 'to', message: RANGE_OUT_OF_BOUNDS_TEXT };
  }
  return { ok: true, from: start, to: end };
}
