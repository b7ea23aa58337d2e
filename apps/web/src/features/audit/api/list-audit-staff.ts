import { queryOptions } from '@tanstack/react-query';
import type { AuditStaffResponse } from '@app/contracts/audit';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { AUDIT_SEARCH_PATH } from './search-audit.ts';

// Issue 19 item 3 (decision 0063): the staff filter's choices, the members of the clinics the
// admin's search covers.

export const AUDIT_STAFF_PATH = `${AUDIT_SEARCH_PATH}/staff`;

export async function listAuditStaff(signal?: AbortSignal): Promise<AuditStaffResponse> {
  const { auditStaffResponseSchema } = await import('@app/contracts/audit');
  return apiRequest(AUDIT_STAFF_PATH, auditStaffResponseSchema, { signal });
}

export function auditStaffQuery() {
  return queryOptions({
    queryKey: [AUDIT_STAFF_PATH],
    queryFn: ({ signal }) => listAuditStaff(signal),
    // A clinic's staff changes rarely; the list is asked for once per visit of the page.
    staleTime: 5 * 60_000,
  });
}
