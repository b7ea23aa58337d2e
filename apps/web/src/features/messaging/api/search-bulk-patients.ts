import { queryOptions } from '@tanstack/react-query';
import type { ReceiverList } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath, MESSAGING_KEY } from './messaging-scope.ts';

/** Patients of the clinic to choose for a bulk message (needs BULK_MESSAGING, not MESSAGE). */
export async function searchBulkPatients(
  clinicId: string,
  term: string,
  signal?: AbortSignal,
): Promise<ReceiverList> {
  const { receiverListSchema } = await import('@app/contracts/messaging');
  return apiRequest(
    `${clinicPath(clinicId)}/bulk-messages/patients?q=${encodeURIComponent(term)}`,
    receiverListSchema,
    { signal },
  );
}

export function bulkPatientsQuery(clinicId: string, term: string) {
  return queryOptions({
    queryKey: [MESSAGING_KEY, clinicId, 'bulk-patients', term],
    queryFn: ({ signal }) => searchBulkPatients(clinicId, term, signal),
  });
}
