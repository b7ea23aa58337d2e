import { queryOptions } from '@tanstack/react-query';
import type { NavigationEntry, NavigationStage } from '@app/contracts/worklists';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './clinic-path.ts';

export async function listNavigation(clinicId: string, signal?: AbortSignal): Promise<NavigationEntry[]> {
  const { navigationListResponseSchema } = await import('@app/contracts/worklists');
  return apiRequest(clinicPath(clinicId, 'patient-navigation'), navigationListResponseSchema, { signal });
}

export function navigationQuery(clinicId: string) {
  return queryOptions({
    queryKey: [clinicPath(clinicId, 'patient-navigation')],
    queryFn: ({ signal }) => listNavigation(clinicId, signal),
  });
}

export async function updateNavigation(
  clinicId: string,
  entryId: string,
  stage: NavigationStage,
): Promise<NavigationEntry> {
  const { navigationEntrySchema } = await import('@app/contracts/worklists');
  return apiRequest(
    clinicPath(clinicId, `patient-navigation/${encodeURIComponent(entryId)}`),
    navigationEntrySchema,
    { method: 'PATCH', body: { stage } },
  );
}
