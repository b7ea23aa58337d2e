import { queryOptions } from '@tanstack/react-query';
import type { ProviderDataKey, ProviderDataResponse, ProviderDataValues } from '@app/contracts/provider-data';
import { apiRequest } from '../api/api-client.ts';

// spec 3 §7 Provider data storage: the signed-in provider's own settings by key (insuranceFilters,
// videoCallPreferences). The stored value comes back as saved; each reader validates or migrates it.

export const providerDataPath = (key: ProviderDataKey) => `/api/provider/data/${key}`;

export async function getProviderData(
  key: ProviderDataKey,
  signal?: AbortSignal,
): Promise<ProviderDataResponse> {
  const { providerDataResponseSchema } = await import('@app/contracts/provider-data');
  return apiRequest(providerDataPath(key), providerDataResponseSchema, { signal });
}

export function providerDataQuery(key: ProviderDataKey) {
  return queryOptions({
    queryKey: [providerDataPath(key)],
    queryFn: ({ signal }) => getProviderData(key, signal),
    staleTime: 60_000,
  });
}

export async function saveProviderData<K extends ProviderDataKey>(
  key: K,
  value: ProviderDataValues[K],
): Promise<ProviderDataResponse> {
  const { providerDataResponseSchema } = await import('@app/contracts/provider-data');
  return apiRequest(providerDataPath(key), providerDataResponseSchema, { method: 'PUT', body: { value } });
}
