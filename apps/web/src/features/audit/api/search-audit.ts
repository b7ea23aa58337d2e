import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditAction, AuditSearchResponse } from '@app/contracts/audit';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { downloadStoredFile } from '../../../lib/api/stored-file.ts';

// Issue 19 item 3 (decision 0057 API, 0063 page): GET /api/provider/audit and its .csv export.

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
export function auditQueryString(filters: AuditFilters, page?: number): string {
  const query = new URLSearchParams();
  for (const key of ['patientId', 'actorUserId', 'action', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) {
      query.set(key, value);
    }
  }
  if (page !== undefined) {
    query.set('page', String(page));
  }
  return query.toString();
}

export async function searchAudit(
  filters: AuditFilters,
  page: number,
  signal?: AbortSignal,
): Promise<AuditSearchResponse> {
  const { auditSearchResponseSchema } = await import('@app/contracts/audit');
  return apiRequest(`${AUDIT_SEARCH_PATH}?${auditQueryString(filters, page)}`, auditSearchResponseSchema, {
    signal,
  });
}

export function auditSearchQuery(filters: AuditFilters, page: number) {
  return queryOptions({
    queryKey: [AUDIT_SEARCH_PATH, filters, page],
    queryFn: ({ signal }) => searchAudit(filters, page, signal),
    // The table keeps the last page while the next one loads, instead of jumping to "Loading…".
    placeholderData: keepPreviousData,
  });
}

/** The export needs the access token, which a plain link cannot send: fetched, then saved. */
export function exportAuditCsv(filters: AuditFilters): Promise<void> {
  const query = auditQueryString(filters);
  return downloadStoredFile(`${AUDIT_SEARCH_PATH}.csv${query ? `?${query}` : ''}`, 'audit.csv');
}
