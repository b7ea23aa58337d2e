import { dayjs } from '../../lib/dates/dayjs.ts';

/**
 * Issue 18: the check-in end page speaks to where the patient is. kiosk: the clinic's self check-in
 * (on site, the front desk is there); video: a telehealth visit (no front desk); today: the visit is
 * today (the patient may be on the way); ahead: checked in from home days before the visit.
 */
export type FinalTextKind = 'kiosk' | 'video' | 'today' | 'ahead';

export function finalTextKind(input: {
  selfCheckIn: boolean;
  appointment: { startAt: string; timezone: string; type: 'video_call' | 'office' } | null;
  now: Date;
}): FinalTextKind {
  const { selfCheckIn, appointment, now } = input;
  if (selfCheckIn) {
    return 'kiosk';
  }
  if (!appointment) {
    // Unknown visit: the words that fit both on the way and at the clinic.
    return 'today';
  }
  if (appointment.type === 'video_call') {
    return 'video';
  }
  // The calendar day of the clinic (the department's zone), not the browser's.
  const visitDay = dayjs(appointment.startAt).tz(appointment.timezone).format('YYYY-MM-DD');
  const today = dayjs(now).tz(appointment.timezone).format('YYYY-MM-DD');
  return visitDay > today ? 'ahead' : 'today';
}
