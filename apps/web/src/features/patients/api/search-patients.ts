import type { PatientSearchResult } from '@app/contracts/patient-chart';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientsBase } from './patient-paths.ts';

/** spec 3 §2 Patient search (name or member id, optional date of birth). */
export async function searchPatients(
  clinicId: string,
  search: { query: string; birthDate: string },
  signal?: AbortSignal,
): Promise<PatientSearchResult> {
  const { patientSearchResultSchema } = await import('@app/contracts/patient-chart');
  const params = new URLSearchParams({ query: search.query });
  if (search.birthDate) {
    params.set('birthDate', search.birthDate);
  }
  return apiRequest(`${patientsBase(clinicId)}?${params.toString()}`, patientSearchResultSchema, {
    signal,
  });
}
