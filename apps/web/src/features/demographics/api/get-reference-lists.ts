import type { ReferenceLists } from '@app/contracts/demographics';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { DEMOGRAPHICS_PATH } from './demographics-paths.ts';

/** spec 2 §3 reference lists (gender, timezone, ethnicity, race, language, country, contact preference, marital status). */
export async function getReferenceLists(signal?: AbortSignal): Promise<ReferenceLists> {
  const { referenceListsSchema } = await import('@app/contracts/demographics');
  return apiRequest(`${DEMOGRAPHICS_PATH}/reference-lists`, referenceListsSchema, { signal });
}

export const referenceListsQuery = queryOptions({
  queryKey: [DEMOGRAPHICS_PATH, 'reference-lists'],
  queryFn: ({ signal }) => getReferenceLists(signal),
  staleTime: Infinity,
});
