import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { rememberProviderPermissions } from '../../../lib/auth/store-provider-permissions.ts';

export const CURRENT_USER_PATH = '/api/me';

/** GET /api/me; for doctors the provider permissions are stored as a side effect (spec 1 §4). */
export async function getCurrentUser(signal?: AbortSignal) {
  const { currentUserSchema } = await import('@app/contracts/auth');
  const user = await apiRequest(CURRENT_USER_PATH, currentUserSchema, { signal });
  rememberProviderPermissions(user);
  return user;
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
