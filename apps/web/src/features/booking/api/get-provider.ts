import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { toQueryString } from './query-string.ts';

const providerPath = (providerId: string, clinicUuid: string) =>
  `/api/scheduling/providers/${encodeURIComponent(providerId)}${toQueryString({ clinicUuid })}`;

/** GET /api/scheduling/providers/:providerId?clinicUuid (spec 2 §7 Doctor by id): the header of later steps. */
export async function getProvider(providerId: string, clinicUuid: string, signal?: AbortSignal) {
  const { schedulingProviderSchema } = await import('@app/contracts/scheduling');
  return apiRequest(providerPath(providerId, clinicUuid), schedulingProviderSchema, { signal });
}

export function useProvider(providerId: string | null, clinicUuid: string | null) {
  return useQuery({
    queryKey: ['scheduling-provider', providerId, clinicUuid],
    queryFn: ({ signal }) => getProvider(providerId ?? '', clinicUuid ?? '', signal),
    enabled: providerId !== null && clinicUuid !== null,
    staleTime: 5 * 60_000,
  });
}
