import type { Appointment, AppointmentListResponse } from '@app/contracts/appointments';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { serverCheckedAnswer } from '../../../lib/api/server-checked-answer.ts';
import { APPOINTMENTS_PATH } from './get-appointment.ts';

export interface AppointmentRange {
  /** mysql dates (YYYY-MM-DD), inclusive. */
  startAt: string;
  finishAt: string;
  /** Providers: the patient whose appointments are listed. */
  userId?: string;
}

/**
 * The local calendar day `years` from `now` as a mysql date; 29 February becomes the 28th in a year
 * without it, as dayjs's year arithmetic does. By hand: the patient home computes this range while
 * its code loads (home-prefetch.ts), and dayjs would travel with it a second time (decision 0074).
 */
export function localDateYearsFrom(now: Date, years: number): string {
  const year = now.getFullYear() + years;
  const month = now.getMonth();
  const lastDayOfMonth = new Date(year, month + 1, 0).getDate();
  const day = Math.min(now.getDate(), lastDayOfMonth);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month + 1, 2)}-${pad(day, 2)}`;
}

/** A year back and a year ahead (mysql dates, spec 2 §7 Appointment list by startAt and finishAt). */
export function listRange(now: Date = new Date()): { startAt: string; finishAt: string } {
  return { startAt: localDateYearsFrom(now, -1), finishAt: localDateYearsFrom(now, 1) };
}

/** spec 2 §7 Appointment list by startAt and finishAt (mysql dates). */
export async function listAppointments(
  range: AppointmentRange,
  signal?: AbortSignal,
): Promise<Appointment[]> {
  const query = new URLSearchParams({ startAt: range.startAt, finishAt: range.finishAt });
  if (range.userId) {
    query.set('userId', range.userId);
  }
  // The patient home's list: checked by the server's schema, not parsed again here (decision 0074).
  const answer = await apiRequest(
    `${APPOINTMENTS_PATH}?${query.toString()}`,
    serverCheckedAnswer<AppointmentListResponse>(),
    { signal },
  );
  return answer.appointments;
}

export function appointmentListQuery(range: AppointmentRange) {
  return queryOptions({
    queryKey: [APPOINTMENTS_PATH, 'list', range],
    queryFn: ({ signal }) => listAppointments(range, signal),
  });
}
