import type { ReferenceItem } from '@app/contracts/demographics';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { DEMOGRAPHICS_PATH } from './demographics-paths.ts';

/** spec 2 §3 "states by country". */
export async function listStates(countryId: string, signal?: AbortSignal): Promise<ReferenceItem[]> {
  const { referenceListSchema } = await import('@app/contracts/demographics');
  return apiRequest(
    `${DEMOGRAPHICS_PATH}/countries/${encodeURIComponent(countryId)}/states`,
    referenceListSchema,
    {
      signal,
    },
  );
}

export function statesQuery(countryId: string) {
  return queryOptions({
    queryKey: [DEMOGRAPHICS_PATH, 'states', countryId],
    queryFn: ({ signal }) => listStates(countryId, signal),
    staleTime: Infinity,
  });
}
