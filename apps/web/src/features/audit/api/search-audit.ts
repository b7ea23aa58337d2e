import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { AuditAction, AuditSearchResponse } from '@app/contracts/audit';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { downloadStoredFile } from '../../../lib/api/stored-file.ts';

// Issue 19 item 3 (decision 0057 API, 0063 page): GET /api/provider/audit and its .csv export. The
// search is read newest first, each page naming the next (older) one by a cursor (decision 0076).

export const AUDIT_SEARCH_PATH = '/api/provider/audit';

/** The filters of the audit screen, as the API reads them (instants for the dates). */
export interface AuditFilters {
  patientId?: string;
  actorUserId?: string;
  action?: AuditAction;
  /** ISO instants. */
  from?: string;
  to?: string;
}

/** The query string of a search or an export: the same filters for both. */
export function auditQueryString(filters: AuditFilters, before?: string): string {
  const query = new URLSearchParams();
  for (const key of ['patientId', 'actorUserId', 'action', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) {
      query.set(key, value);
    }
  }
  if (before !== undefined) {
    query.set('before', before);
  }
  return query.toString();
}

export async function searchAudit(
  filters: AuditFilters,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<AuditSearchResponse> {
  const { auditSearchResponseSchema } = await import('@app/contracts/audit');
  const query = auditQueryString(filters, before);
  return apiRequest(`${AUDIT_SEARCH_PATH}${query ? `?${query}` : ''}`, auditSearchResponseSchema, {
    signal,
  });
}

/** "Load more" pages of one search: the next page exists while the last one gave a cursor. */
export function auditSearchQuery(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: [AUDIT_SEARCH_PATH, filters],
    queryFn: ({ pageParam, signal }) => searchAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.earlierCursor ?? undefined,
    // The results stay on screen while a new search loads, instead of jumping to "Loading…".
    placeholderData: keepPreviousData,
  });
}

/** The export needs the access token, which a plain link cannot send: fetched, then saved. */
export function exportAuditCsv(filters: AuditFilters): Promise<void> {
  const query = auditQueryString(filters);
  return downloadStoredFile(`${AUDIT_SEARCH_PATH}.csv${query ? `?${query}` : ''}`, 'audit.csv');
}
