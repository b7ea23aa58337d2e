import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const CURRENT_USER_PATH = '/api/me';

/** GET /api/me: spec 1 §3 user record (the stored permissions come from the resource list instead). */
export async function getCurrentUser(signal?: AbortSignal) {
  const { currentUserSchema } = await import('@app/contracts/auth');
  return apiRequest(CURRENT_USER_PATH, currentUserSchema, { signal });
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: [CURRENT_USER_PATH],
    queryFn: ({ signal }) => getCurrentUser(signal),
    meta: { url: CURRENT_USER_PATH },
    staleTime: 5 * 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
