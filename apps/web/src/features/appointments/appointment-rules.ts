import type { Appointment } from '@app/contracts/appointments';
import type { AppVariant } from '@app/contracts/variants';
import { dayjs } from '../../lib/dates/dayjs.ts';
import { hasCareManagerFeatures } from '../../lib/variant/variant-traits.ts';

// spec 2 §2 "Summary and details" and §6 roles: the pure rules the summary and details screen follow,
// kept apart from the components so each one has its own unit test.

export type Viewer = 'patient' | 'provider';
export type SummaryHeading = 'scheduled' | 'rescheduled' | 'confirmed';

/**
 * spec 2 §2: the heading is chosen by the status query param or confirmedAt. The booking flow passes
 * status=rescheduled after confirm-reschedule and status=confirmed after a confirm link; without a
 * (known) param an appointment that has confirmedAt reads 'confirmed', any other 'scheduled'.
 */
export function summaryHeading(statusParam: string | null, confirmedAt: string | null): SummaryHeading {
  if (statusParam === 'rescheduled' || statusParam === 'confirmed' || statusParam === 'scheduled') {
    return statusParam;
  }
  return confirmedAt ? 'confirmed' : 'scheduled';
}

/** The calendar day of an instant in a named zone (YYYY-MM-DD). */
export function dayInZone(instant: string | Date, zone: string): string {
  return dayjs(instant).tz(zone).format('YYYY-MM-DD');
}

/** spec 2 §2: the waitlist link is hidden if the appointment is today — today in the appointment's zone. */
export function isTodayInZone(startAt: string, zone: string, now: Date = new Date()): boolean {
  return dayInZone(startAt, zone) === dayInZone(now, zone);
}

type WaitlistFields = Pick<Appointment, 'startAt' | 'timezone' | 'status' | 'waitlist'>;

/**
 * spec 2 §6: module active, type enabled and not hidden for the patient's source arrive from the
 * server as waitlist.isAvailable; the client adds §2's "hidden if the appointment is today". A
 * cancelled or past visit has nothing to wait for.
 */
export function isWaitlistLinkShown(appointment: WaitlistFields, now: Date = new Date()): boolean {
  if (
    !appointment.waitlist.isAvailable ||
    appointment.status === 'cancelled' ||
    appointment.status === 'completed'
  ) {
    return false;
  }
  if (isTodayInZone(appointment.startAt, appointment.timezone, now)) {
    return false;
  }
  return dayjs(appointment.startAt).isAfter(now);
}

type CancelFields = Pick<Appointment, 'isCancellable' | 'canPatientCancel' | 'status'>;

/** spec 2 §6: patients may cancel only if isCancellable and canPatientCancel are both true. */
export function canCancel(appointment: CancelFields, viewer: Viewer): boolean {
  if (appointment.status === 'cancelled' || !appointment.isCancellable) {
    return false;
  }
  return viewer === 'provider' || appointment.canPatientCancel;
}

/**
 * spec 2 §6: patients may start video only if allowVideoCall is true; providers always may. Only a
 * telehealth visit has a call to start, and a cancelled one has none.
 */
export function videoCallPath(
  appointment: Pick<Appointment, 'id' | 'type' | 'status' | 'allowVideoCall'>,
  viewer: Viewer,
): string | null {
  if (appointment.type !== 'video_call' || appointment.status === 'cancelled') {
    return null;
  }
  if (viewer === 'provider') {
    return `/provider/video-call/${appointment.id}`;
  }
  // Issue 7 (video visits) fills this patient route; the spec names only the provider's.
  return appointment.allowVideoCall ? `/user/video-call/${appointment.id}` : null;
}

/**
 * spec 2 §6 care manager: an office visit may be converted to telehealth when isConvertRequired
 * (spec 1 §1: a Care Manager feature, not shared by the women's-healthcare app; decision 0037).
 */
export function canConvertToTelehealth(
  appointment: Pick<Appointment, 'type' | 'status' | 'isConvertRequired'>,
  viewer: Viewer,
  variant: AppVariant,
): boolean {
  return (
    viewer === 'provider' &&
    hasCareManagerFeatures(variant) &&
    appointment.isConvertRequired &&
    appointment.type === 'office' &&
    appointment.status !== 'cancelled'
  );
}

/** spec 2 §6: VIEW ALL APPOINTMENTS goes to the patient's list, for providers the patient's page. */
export function allAppointmentsPath(viewer: Viewer, patientId: string): string {
  return viewer === 'provider' ? `/provider/patient/${patientId}/appointments` : '/user/appointment';
}

/** The booking flow's time-slots step for a reschedule (spec 2 §2 time slot picker query params). */
export function reschedulePath(
  appointment: Pick<
    Appointment,
    'id' | 'clinicUuid' | 'providerId' | 'departmentUuid' | 'consultationTypeId' | 'patientId'
  >,
  viewer: Viewer,
): string {
  const query = new URLSearchParams({
    clinicUuid: appointment.clinicUuid,
    providerId: appointment.providerId,
    departmentId: appointment.departmentUuid,
    consultationTypeId: appointment.consultationTypeId,
    cancelAppointmentId: appointment.id,
  });
  if (viewer === 'provider') {
    query.set('userId', appointment.patientId);
    query.set('patientId', appointment.patientId);
    return `/provider/patient/${appointment.patientId}/appointments/create/time-slots?${query.toString()}`;
  }
  return `/user/appointment/create/time-slots?${query.toString()}`;
}

/** A maps search of the printed address (opens in a new tab). */
/**
 * Issue 18: a telehealth visit says so once. A clinic often names its video consultation type
 * "Telehealth visit" or "Video visit", which the screens also show as the visit's kind: the type's
 * title is then left out where it would only repeat the kind.
 */
export function repeatsVisitKind(title: string, kindTexts: readonly string[]): boolean {
  const normal = (text: string) => text.trim().toLocaleLowerCase();
  return kindTexts.some((kind) => normal(kind) === normal(title));
}

export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** spec 2 §5 booking from a login link: the seven params it needs. */
export const LOGIN_BOOKING_PARAMS = [
  'clinicUuid',
  'consultationTypeId',
  'departmentId',
  'doctorId',
  'finishAt',
  'startAt',
  'appointmentComment',
] as const;

/** Everything the login link may carry, removed from the URL once read so a reload does not book twice. */
export const LOGIN_BOOKING_ALL_PARAMS = [
  'cameFrom',
  'userId',
  ...LOGIN_BOOKING_PARAMS,
  'externalId',
  'waitlist',
] as const;

export interface LoginBooking {
  clinicUuid: string;
  consultationTypeId: string;
  departmentId: string;
  doctorId: string;
  finishAt: string;
  startAt: string;
  appointmentComment: string;
  externalId: string | null;
  waitlist: boolean;
}

/**
 * spec 2 §5: booking from a login link is complete only if clinicUuid, consultationTypeId,
 * departmentId, doctorId, finishAt, startAt and appointmentComment are all present (spec 1 §2 rule 2
 * lands the link here with cameFrom=login). A present but empty appointmentComment counts: the reason
 * is optional in the payload, the param is what the link must carry.
 */
export function loginBookingFrom(params: URLSearchParams): LoginBooking | null {
  if (params.get('cameFrom') !== 'login') {
    return null;
  }
  const values: Partial<Record<(typeof LOGIN_BOOKING_PARAMS)[number], string>> = {};
  for (const name of LOGIN_BOOKING_PARAMS) {
    const value = params.get(name);
    if (value === null || (name !== 'appointmentComment' && value.trim() === '')) {
      return null;
    }
    values[name] = value;
  }
  const externalId = params.get('externalId');
  return {
    clinicUuid: values.clinicUuid ?? '',
    consultationTypeId: values.consultationTypeId ?? '',
    departmentId: values.departmentId ?? '',
    doctorId: values.doctorId ?? '',
    finishAt: values.finishAt ?? '',
    startAt: values.startAt ?? '',
    appointmentComment: values.appointmentComment ?? '',
    externalId: externalId?.trim() ? externalId : null,
    waitlist: params.get('waitlist') === 'true',
  };
}

/** Whether the URL carries any login-link booking param (to clear them). */
export function hasLoginBookingParams(params: URLSearchParams): boolean {
  // cameFrom=login alone is the plain landing after a login (spec 1 §2 rule 6) and stays in the URL;
  // only a booking parameter makes it a booking link whose parameters are consumed.
  return LOGIN_BOOKING_PARAMS.some((name) => params.has(name));
}

const OFFSET_TIME = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Whether a time carries its offset (iso8601offset, spec 2 §9). */
export function hasOffset(value: string): boolean {
  return OFFSET_TIME.test(value.trim());
}

/**
 * A login link may carry wall-clock times ('2026-12-01 09:00:00', as the login page passes them on);
 * the create payload needs iso8601offset, so such a time is read in the department's zone.
 */
export function withOffset(value: string, zone: string): string {
  if (hasOffset(value)) {
    return value.trim();
  }
  return dayjs.tz(value.trim().replace(' ', 'T'), zone).format('YYYY-MM-DDTHH:mm:ssZ');
}

/** spec 2 §3: text is sent only if non-blank after trimming. */
export function reasonText(comment: string): string | undefined {
  const trimmed = comment.trim();
  return trimmed ? trimmed : undefined;
}
