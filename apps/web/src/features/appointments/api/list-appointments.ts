import type { Appointment, AppointmentListResponse } from '@app/contracts/appointments';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { serverCheckedAnswer } from '../../../lib/api/server-checked-answer.ts';
import { dayjs } from '../../../lib/dates/dayjs.ts';
import { APPOINTMENTS_PATH } from './get-appointment.ts';

export interface AppointmentRange {
  /** mysql dates (YYYY-MM-DD), inclusive. */
  startAt: string;
  finishAt: string;
  /** Providers: the patient whose appointments are listed. */
  userId?: string;
}

/** A year back and a year ahead (mysql dates, spec 2 §7 Appointment list by startAt and finishAt). */
export function listRange(now: Date = new Date()): { startAt: string; finishAt: string } {
  const today = dayjs(now);
  return {
    startAt: today.subtract(1, 'year').format('YYYY-MM-DD'),
    finishAt: today.add(1, 'year').format('YYYY-MM-DD'),
  };
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
