import type { CarePlan } from '@app/contracts/care-plans';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export function patientHealthPath(clinicId: string, patientId: string, rest: string): string {
  return `/api/provider/clinics/${encodeURIComponent(clinicId)}/patients/${encodeURIComponent(patientId)}/${rest}`;
}

/** A patient's care plans at the provider's clinic (health tab: Care Plans, Graphs & Goals). */
export async function listCarePlans(
  clinicId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<CarePlan[]> {
  const { carePlanListSchema } = await import('@app/contracts/care-plans');
  const answer = await apiRequest(patientHealthPath(clinicId, patientId, 'care-plans'), carePlanListSchema, {
    signal,
  });
  return answer.carePlans;
}

export function carePlansQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [patientHealthPath(clinicId, patientId, 'care-plans')],
    queryFn: ({ signal }) => listCarePlans(clinicId, patientId, signal),
  });
}
