import type { PatientStatusChange, ProviderAppointment } from '@app/contracts/provider-schedule';
import { anyBody, apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './paths.ts';

// The row actions of spec 3 §2 and §4 (each one call of §7).

function appointmentPath(clinicId: string, appointmentId: string, rest = ''): string {
  return clinicPath(clinicId, `appointments/${encodeURIComponent(appointmentId)}${rest}`);
}

/** spec 3 §4: the Check in button. */
export async function checkInAppointment(
  clinicId: string,
  appointmentId: string,
): Promise<ProviderAppointment> {
  const { providerAppointmentSchema } = await import('@app/contracts/provider-schedule');
  return apiRequest(appointmentPath(clinicId, appointmentId, '/check-in'), providerAppointmentSchema, {
    method: 'POST',
  });
}

/** spec 3 §4: Outside, Invite In (called in), in the office. */
export async function changePatientStatus(
  clinicId: string,
  appointmentId: string,
  change: PatientStatusChange,
): Promise<ProviderAppointment> {
  const { providerAppointmentSchema } = await import('@app/contracts/provider-schedule');
  return apiRequest(appointmentPath(clinicId, appointmentId, '/patient-status'), providerAppointmentSchema, {
    method: 'PUT',
    body: change,
  });
}

/** spec 3 §7 Reminder send: the control then shows "Sent". */
export async function sendReminder(
  clinicId: string,
  appointmentId: string,
): Promise<{ reminderSentAt: string }> {
  const { reminderResponseSchema } = await import('@app/contracts/provider-schedule');
  return apiRequest(appointmentPath(clinicId, appointmentId, '/reminder'), reminderResponseSchema, {
    method: 'POST',
  });
}

/** spec 3 §7 Cancel appointment. */
export async function cancelClinicAppointment(clinicId: string, appointmentId: string): Promise<void> {
  await apiRequest(appointmentPath(clinicId, appointmentId), anyBody, { method: 'DELETE' });
}

/** spec 2 quick links (decision 0019): the check-in link to the patient (quick check-in, QuickPrep). */
export async function sendCheckInLink(clinicId: string, appointmentId: string): Promise<void> {
  await apiRequest(
    `/api/clinics/${encodeURIComponent(clinicId)}/appointments/${encodeURIComponent(appointmentId)}/quick-links`,
    anyBody,
    { method: 'POST', body: { type: 'check-in' } },
  );
}

/** spec 3 §2 the walk-in's Arrived button. */
export async function walkInArrived(clinicId: string, walkInId: string): Promise<void> {
  await apiRequest(clinicPath(clinicId, `walk-ins/${encodeURIComponent(walkInId)}/arrived`), anyBody, {
    method: 'POST',
  });
}
