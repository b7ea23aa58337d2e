import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath, MESSAGING_KEY } from './messaging-scope.ts';

/** The departments a bulk message's appointment filter can name. */
export async function listBulkDepartments(clinicId: string, signal?: AbortSignal) {
  const { departmentOptionListSchema } = await import('@app/contracts/messaging');
  return apiRequest(`${clinicPath(clinicId)}/bulk-messages/departments`, departmentOptionListSchema, {
    signal,
  });
}

export function bulkDepartmentsQuery(clinicId: string) {
  return queryOptions({
    queryKey: [MESSAGING_KEY, clinicId, 'bulk-departments'],
    queryFn: ({ signal }) => listBulkDepartments(clinicId, signal),
    staleTime: 5 * 60_000,
  });
}
