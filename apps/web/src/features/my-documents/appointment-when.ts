import type { AttachmentAppointment } from '@app/contracts/patient-documents';

/** The visit's date and time where it takes place (its department's zone), e.g. 'Dec 3, 2026, 10:00 AM'. */
export function appointmentWhen(
  appointment: Pick<AttachmentAppointment, 'startAt' | 'timezone'>,
  language: string,
): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: appointment.timezone,
  }).format(new Date(appointment.startAt));
}
