import { queryOptions } from '@tanstack/react-query';
import type { PatientContacts } from '@app/contracts/patient-chart';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientBase } from './patient-paths.ts';

export async function getPatientContacts(
  clinicId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<PatientContacts> {
  const { patientContactsSchema } = await import('@app/contracts/patient-chart');
  return apiRequest(`${patientBase(clinicId, patientId)}/contacts`, patientContactsSchema, { signal });
}

export function patientContactsQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [`${patientBase(clinicId, patientId)}/contacts`],
    queryFn: ({ signal }) => getPatientContacts(clinicId, patientId, signal),
  });
}
