import { apiRequest } from '../../../lib/api/api-client.ts';

/** spec 2 §7 Add to waitlist by clinic and appointment: POST /api/clinics/:clinicUuid/appointments/:id/waitlist. */
export async function joinWaitlist(
  clinicUuid: string,
  appointmentId: string,
): Promise<{ isInWaitList: boolean }> {
  const { waitlistResponseSchema } = await import('@app/contracts/appointments');
  return apiRequest(
    `/api/clinics/${encodeURIComponent(clinicUuid)}/appointments/${encodeURIComponent(appointmentId)}/waitlist`,
    waitlistResponseSchema,
    { method: 'POST' },
  );
}
