import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AccessHistoryResponse } from '@app/contracts/audit';
import { apiRequest } from '../../../lib/api/api-client.ts';

// Issue 19 item 2 (decision 0057 API, 0063 page): GET /api/me/access-history, newest first, paged.

export const ACCESS_HISTORY_PATH = '/api/me/access-history';

export async function getAccessHistory(page: number, signal?: AbortSignal): Promise<AccessHistoryResponse> {
  const { accessHistoryResponseSchema } = await import('@app/contracts/audit');
  const query = new URLSearchParams({ page: String(page) });
  return apiRequest(`${ACCESS_HISTORY_PATH}?${query.toString()}`, accessHistoryResponseSchema, { signal });
}

/** "Load more" pages: the next page exists while fewer entries than the total have arrived. */
export function accessHistoryQuery() {
  return infiniteQueryOptions({
    queryKey: [ACCESS_HISTORY_PATH],
    queryFn: ({ pageParam, signal }) => getAccessHistory(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}
