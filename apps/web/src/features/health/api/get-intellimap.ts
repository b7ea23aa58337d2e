import type { Intellimap } from '@app/contracts/care-plans';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientHealthPath } from './list-care-plans.ts';

/** Alerts (readings outside a goal) and tasks (goals by due date) of the health tab's Intellimap. */
export async function getIntellimap(
  clinicId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<Intellimap> {
  const { intellimapSchema } = await import('@app/contracts/care-plans');
  return apiRequest(patientHealthPath(clinicId, patientId, 'intellimap'), intellimapSchema, { signal });
}

export function intellimapQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [patientHealthPath(clinicId, patientId, 'intellimap')],
    queryFn: ({ signal }) => getIntellimap(clinicId, patientId, signal),
  });
}
