import { queryOptions } from '@tanstack/react-query';
import type { PatientPayments } from '@app/contracts/patient-chart';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientBase } from './patient-paths.ts';

export async function getPatientPayments(
  clinicId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<PatientPayments> {
  const { patientPaymentsSchema } = await import('@app/contracts/patient-chart');
  return apiRequest(`${patientBase(clinicId, patientId)}/payments`, patientPaymentsSchema, { signal });
}

export function patientPaymentsQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [`${patientBase(clinicId, patientId)}/payments`],
    queryFn: ({ signal }) => getPatientPayments(clinicId, patientId, signal),
  });
}
