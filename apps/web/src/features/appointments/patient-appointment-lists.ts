import type { Appointment } from '@app/contracts/appointments';

/** How far back and ahead the provider's view of one patient reaches (the list call needs a window). */
export const PATIENT_WINDOW_DAYS = 365;

function mysqlDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function patientWindow(now: Date): { startAt: string; finishAt: string } {
  const day = 24 * 60 * 60 * 1000;
  return {
    startAt: mysqlDate(new Date(now.getTime() - PATIENT_WINDOW_DAYS * day)),
    finishAt: mysqlDate(new Date(now.getTime() + PATIENT_WINDOW_DAYS * day)),
  };
}

/** Upcoming: not finished yet, soonest first; past: finished, latest first. */
export function splitAppointments(
  appointments: readonly Appointment[],
  now: Date,
): { upcoming: Appointment[]; past: Appointment[] } {
  const byStart = [...appointments].sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  return {
    upcoming: byStart.filter((item) => Date.parse(item.finishAt) > now.getTime()),
    past: byStart.filter((item) => Date.parse(item.finishAt) <= now.getTime()).reverse(),
  };
}
