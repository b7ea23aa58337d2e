import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AccessHistoryResponse } from '@app/contracts/audit';
import { apiRequest } from '../../../lib/api/api-client.ts';

// Issue 19 item 2 (decision 0057 API, 0063 page): GET /api/me/access-history, newest first, a page at
// a time; each page names the next (older) one with a cursor (decision 0076).

export const ACCESS_HISTORY_PATH = '/api/me/access-history';

export async function getAccessHistory(
  before: string | undefined,
  signal?: AbortSignal,
): Promise<AccessHistoryResponse> {
  const { accessHistoryResponseSchema } = await import('@app/contracts/audit');
  const query = before === undefined ? '' : `?${new URLSearchParams({ before }).toString()}`;
  return apiRequest(`${ACCESS_HISTORY_PATH}${query}`, accessHistoryResponseSchema, { signal });
}

/** "Load more" pages: the next page exists while the last one gave a cursor. */
export function accessHistoryQuery() {
  return infiniteQueryOptions({
    queryKey: [ACCESS_HISTORY_PATH],
    queryFn: ({ pageParam, signal }) => getAccessHistory(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.earlierCursor ?? undefined,
  });
}
