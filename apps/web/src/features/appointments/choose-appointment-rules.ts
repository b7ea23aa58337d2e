import type { Appointment } from '@app/contracts/appointments';
import { dayjs } from '../../lib/dates/dayjs.ts';
import { canCancel } from './appointment-rules.ts';

// spec 1 §2 /user/choose-appointment "change appointment" (issue 16, decision 0036): which of the
// patient's appointments the screen offers, and which of them may be changed online.

/** How far ahead the screen looks (mysql dates, as the list call takes them). */
export function chooseWindow(now: Date): { startAt: string; finishAt: string } {
  const today = dayjs(now);
  // A day back: the list reads dates in each department's zone, which may still be yesterday.
  return {
    startAt: today.subtract(1, 'day').format('YYYY-MM-DD'),
    finishAt: today.add(1, 'year').format('YYYY-MM-DD'),
  };
}

type Fields = Pick<Appointment, 'status' | 'startAt' | 'isCancellable' | 'canPatientCancel'>;

/** Not cancelled, not completed, not begun: a visit still to come. */
export function isUpcoming(appointment: Fields, now: Date): boolean {
  return (
    (appointment.status === 'booked' || appointment.status === 'confirmed') &&
    Date.parse(appointment.startAt) > now.getTime()
  );
}

/**
 * A change is a reschedule: a new booking that cancels this one (spec 2 §4 confirm-reschedule), so the
 * patient may change exactly what they may cancel online (spec 2 §6 isCancellable and
 * canPatientCancel, the clinic's notice window included), and only before it begins.
 */
export function isChangeable(appointment: Fields, now: Date): boolean {
  return isUpcoming(appointment, now) && canCancel(appointment, 'patient');
}

/** The upcoming appointments, soonest first. */
export function upcomingAppointments<T extends Fields>(appointments: readonly T[], now: Date): T[] {
  return appointments
    .filter((appointment) => isUpcoming(appointment, now))
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
}
