import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProviderListQuery } from '@app/contracts/scheduling';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { toQueryString } from './query-string.ts';

export const PROVIDERS_PATH = '/api/scheduling/providers';

/** The list filters as the query string carries them (lists comma-separated, spec 2 §7). */
export type ProviderListParams = {
  [K in keyof ProviderListQuery]?: string | boolean;
} & { clinicUuid: string };

/** GET /api/scheduling/providers (spec 2 §7 Doctors list). */
export async function listProviders(params: ProviderListParams, signal?: AbortSignal) {
  const { providerListResponseSchema } = await import('@app/contracts/scheduling');
  return apiRequest(`${PROVIDERS_PATH}${toQueryString(params)}`, providerListResponseSchema, { signal });
}

export function useProviderList(params: ProviderListParams | null) {
  return useQuery({
    queryKey: [PROVIDERS_PATH, params],
    queryFn: ({ signal }) => listProviders(params ?? { clinicUuid: '' }, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
