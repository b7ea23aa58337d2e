import { appointmentLookupPath, type AppointmentLookupResult } from '@app/contracts/appointment-lookup';
import { apiRequest } from '../../../lib/api/api-client.ts';

/**
 * spec 3 §2 "Look up patient for appointment" (decision 0041): the clinic's patients by name and
 * date of birth, as booking needs them. Needs APPOINTMENTS at the clinic, not PATIENT.
 */
export async function lookUpPatientsForAppointment(
  clinicId: string,
  search: { query: string; birthDate: string },
  signal?: AbortSignal,
): Promise<AppointmentLookupResult> {
  const { appointmentLookupResultSchema } = await import('@app/contracts/appointment-lookup');
  const params = new URLSearchParams({ query: search.query });
  if (search.birthDate) {
    params.set('birthDate', search.birthDate);
  }
  return apiRequest(
    `${appointmentLookupPath(clinicId)}?${params.toString()}`,
    appointmentLookupResultSchema,
    {
      signal,
    },
  );
}
