import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const schedulingOptionsPath = (clinicUuid: string) =>
  `/api/clinics/${encodeURIComponent(clinicUuid)}/scheduling-options`;

/** GET /api/clinics/:clinicUuid/scheduling-options: filter lists and clinic modules (spec 2 §2, §6). */
export async function getSchedulingOptions(clinicUuid: string, signal?: AbortSignal) {
  const { schedulingOptionsSchema } = await import('@app/contracts/scheduling');
  return apiRequest(schedulingOptionsPath(clinicUuid), schedulingOptionsSchema, { signal });
}

export function schedulingOptionsQueryOptions(clinicUuid: string) {
  return queryOptions({
    queryKey: ['scheduling-options', clinicUuid],
    queryFn: ({ signal }) => getSchedulingOptions(clinicUuid, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSchedulingOptions(clinicUuid: string | null) {
  return useQuery({ ...schedulingOptionsQueryOptions(clinicUuid ?? ''), enabled: clinicUuid !== null });
}
