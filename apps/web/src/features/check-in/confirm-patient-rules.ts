import type { ConfirmPatientAppointment } from '@app/contracts/confirm-patient';
import { formatCalendarDate, formatZoned } from '../../lib/dates/format-time.ts';

// spec 1 §2 rule 3 {role}/confirm-patient (issue 16, decision 0036): the pure rules of the screen.

export const CONFIRM_PATIENT_URL = '/user/confirm-patient';
/** The check-in start that routes a visit by spec 2 §4 (decision 0019): final page, landing or tasks. */
export const CHECK_IN_LANDING_URL = '/user/check-in-landing';

/**
 * Where "Yes, this is me — start check-in" goes for a patient: the check-in of the first visit not
 * checked in yet, through the landing that routes it (all tasks done: the final page; several visits
 * of that department today: the landing's list; otherwise the task dashboard). Open visits at more
 * than one department today are more than one check-in entry, so the landing lists them to choose
 * from. Null when there is nothing to check in for.
 */
export function patientCheckInUrl(appointments: readonly ConfirmPatientAppointment[]): string | null {
  const open = appointments.filter((appointment) => !appointment.isCheckedIn);
  if (new Set(open.map((appointment) => appointment.departmentUuid)).size > 1) {
    return CHECK_IN_LANDING_URL;
  }
  const first = open[0] ?? appointments[0];
  return first ? `${CHECK_IN_LANDING_URL}?appointmentId=${encodeURIComponent(first.id)}` : null;
}

/** The kiosk's confirm step for a visit picked in the patient search (self check-in, spec 2 §2). */
export function kioskConfirmUrl(appointmentId: string): string {
  return `/provider/confirm-patient?${new URLSearchParams({ appointmentId }).toString()}`;
}

/** The family switch screen, coming back here once the other profile is in use. */
export function switchPatientUrl(returnTo: string = CONFIRM_PATIENT_URL): string {
  return `/user/switch-patient?${new URLSearchParams({ returnTo }).toString()}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date of birth (YYYY-MM-DD) as people read it ('April 12, 1980'); a calendar date, not an instant. */
export function formatBirthdate(birthdate: string, language: string): string {
  if (!ISO_DATE.test(birthdate)) {
    return birthdate;
  }
  return formatCalendarDate(birthdate, language, 'dateLong');
}

/**
 * A visit's start in its department's zone, with the zone's short name when not the viewer's
 * ('2:00 PM EST'); with the
 * date too when the screen shows one named visit, which need not be today.
 */
export function formatVisitTime(startAt: string, zone: string, language: string, withDate: boolean): string {
  return formatZoned(startAt, zone, { language, style: withDate ? 'dayTime' : 'time' });
}
