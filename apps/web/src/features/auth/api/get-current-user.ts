import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@app/contracts/auth';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { serverCheckedAnswer } from '../../../lib/api/server-checked-answer.ts';

export const CURRENT_USER_PATH = '/api/me';

/**
 * GET /api/me: spec 1 §3 user record (the stored permissions come from the resource list instead).
 * Every signed-in shell reads it: checked by the server's schema only (decision 0074).
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiRequest(CURRENT_USER_PATH, serverCheckedAnswer<CurrentUser>(), { signal });
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
