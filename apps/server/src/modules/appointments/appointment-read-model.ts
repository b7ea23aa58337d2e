import { DateTime } from 'luxon';
import type { Appointment } from '@app/contracts/appointments';
import type { AppointmentRow } from './appointments.repository.ts';

/** spec 2 §6 allowVideoCall: the call opens this long before the start (issue 7 refines the window). */
export const VIDEO_CALL_OPENS_MINUTES = 15;

const MINUTE = 60_000;

/** iso8601offset (spec 2 §9) in the department's zone, e.g. 2026-11-23T09:00:00-05:00. */
export function isoInZone(instant: Date, timezone: string): string {
  const text = DateTime.fromJSDate(instant, { zone: timezone }).toISO({ suppressMilliseconds: true });
  if (!text) {
    throw new Error(`Cannot format ${instant.toISOString()} in ${timezone}`);
  }
  return text;
}

export function isLive(row: Pick<AppointmentRow, 'status'>): boolean {
  return row.status === 'booked' || row.status === 'confirmed';
}

export function doctorNameOf(
  row: Pick<AppointmentRow, 'providerFirstName' | 'providerLastName' | 'providerTitle'>,
) {
  const name = `${row.providerFirstName} ${row.providerLastName}`;
  return row.providerTitle ? `${name}, ${row.providerTitle}` : name;
}

/** The rules of spec 2 §6 for one appointment at one moment; shared by the read model and the services. */
export function appointmentRules(row: AppointmentRow, now: Date) {
  const live = isLive(row);
  const future = row.startAt.getTime() > now.getTime();
  const isCancellable = live && future;
  const minutesToStart = (row.startAt.getTime() - now.getTime()) / MINUTE;
  const hiddenForSource = row.patientSource !== null && row.waitlistHiddenSources.includes(row.patientSource);
  return {
    live,
    future,
    isCancellable,
    // spec 2 §6: patients cancel online only while the clinic's notice window is still ahead.
    canPatientCancel: isCancellable && minutesToStart >= row.patientCancelNoticeMinutes,
    allowVideoCall:
      row.type === 'video_call' &&
      live &&
      now.getTime() >= row.startAt.getTime() - VIDEO_CALL_OPENS_MINUTES * MINUTE &&
      now.getTime() < row.finishAt.getTime(),
    isInWaitList: row.waitlistStatus === 'waiting' || row.waitlistStatus === 'offered',
    isConvertRequired: row.type === 'office' && row.isConvertRequired && live && future,
    // spec 2 §6: module active, consultation type enabled, not hidden for the patient's source.
    waitlistAvailable: row.clinicModules.includes('waitlist') && row.allowWaitlist && !hiddenForSource,
    /** spec 2 §2: the waitlist link is hidden if the appointment is today (in its own zone). */
    isToday:
      DateTime.fromJSDate(row.startAt, { zone: row.timezone }).toISODate() ===
      DateTime.fromJSDate(now, { zone: row.timezone }).toISODate(),
  };
}

/**
 * spec 2 §3 Appointment as the patient and the provider read it. `attachments` are the documents the
 * patient added (the patient-documents module reads them, decision 0033).
 */
export function toAppointment(
  row: AppointmentRow,
  now: Date,
  attachments: Appointment['attachments'] = [],
): Appointment {
  const rules = appointmentRules(row, now);
  const hasAddress =
    row.departmentAddress !== null || row.departmentCity !== null || row.departmentState !== null;
  return {
    id: row.id,
    appointmentId: row.id,
    uuid: row.publicId,
    clinicUuid: row.clinicId,
    clinicName: row.clinicName,
    userId: row.patientUserId,
    patientId: row.patientUserId,
    patientName: `${row.patientFirstName} ${row.patientLastName}`,
    providerId: row.providerId,
    departmentUuid: row.departmentId,
    departmentName: row.departmentName,
    consultationTypeId: row.consultationTypeId,
    consultationTypeTitle: row.consultationTypeTitle,
    consultationTypeMessage: row.consultationTypeMessage,
    startAt: isoInZone(row.startAt, row.timezone),
    finishAt: isoInZone(row.finishAt, row.timezone),
    timezone: row.timezone,
    type: row.type,
    status: row.status,
    confirmedAt: row.confirmedAt ? isoInZone(row.confirmedAt, row.timezone) : null,
    isCancellable: rules.isCancellable,
    canPatientCancel: rules.canPatientCancel,
    allowVideoCall: rules.allowVideoCall,
    hasNewVideoLayout: true,
    isPreCheckIn: rules.live && rules.future,
    isNewCheckIn: row.checkInFlow === 'new',
    isInWaitList: rules.isInWaitList,
    isConvertRequired: rules.isConvertRequired,
    doctorName: doctorNameOf(row),
    doctorImage: row.providerImage,
    address: hasAddress
      ? {
          line: row.departmentAddress ?? '',
          city: row.departmentCity,
          stateId: row.departmentState,
          state: row.departmentState,
        }
      : null,
    attachments,
    appointmentComment: row.comment,
    externalId: row.externalId,
    waitlist: { isAvailable: rules.waitlistAvailable },
  };
}
