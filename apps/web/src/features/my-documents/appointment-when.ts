import type { AttachmentAppointment } from '@app/contracts/patient-documents';
import { formatZoned } from '../../lib/dates/format-time.ts';

/** The visit's date and time where it takes place (its department's zone), e.g. 'Dec 3, 2026, 10:00 AM' ('… EST' when not the viewer's). */
export function appointmentWhen(
  appointment: Pick<AttachmentAppointment, 'startAt' | 'timezone'>,
  language: string,
): string {
  return formatZoned(appointment.startAt, appointment.timezone, { language, style: 'dateTime' });
}
