import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartPatient } from '@app/contracts/patient-chart';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientBase } from './patient-paths.ts';

/** spec 3 §7 Get patient (clinic uuid, patient id). */
export async function getChartPatient(
  clinicId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<ChartPatient> {
  const { chartPatientSchema } = await import('@app/contracts/patient-chart');
  return apiRequest(patientBase(clinicId, patientId), chartPatientSchema, { signal });
}

export function chartPatientQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [patientBase(clinicId, patientId)],
    queryFn: ({ signal }) => getChartPatient(clinicId, patientId, signal),
    retry: false,
    // A refusal is the shell's own message, not a banner.
    meta: { errorBanner: false },
  });
}

export function useChartPatient(clinicId: string | undefined, patientId: string, enabled: boolean) {
  return useQuery({ ...chartPatientQuery(clinicId ?? '', patientId), enabled: enabled && Boolean(clinicId) });
}
