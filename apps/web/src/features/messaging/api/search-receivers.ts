import { queryOptions } from '@tanstack/react-query';
import type { ReceiverList } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath, MESSAGING_KEY } from './messaging-scope.ts';

export type ReceiverKind = 'patient' | 'provider';

/** Patients or providers of the clinic by name (providers: not the caller). */
export async function searchReceivers(
  clinicId: string,
  kind: ReceiverKind,
  term: string,
  signal?: AbortSignal,
): Promise<ReceiverList> {
  const { receiverListSchema } = await import('@app/contracts/messaging');
  return apiRequest(
    `${clinicPath(clinicId)}/messages/receivers/${kind === 'patient' ? 'patients' : 'providers'}?q=${encodeURIComponent(term)}`,
    receiverListSchema,
    { signal },
  );
}

export function receiversQuery(clinicId: string, kind: ReceiverKind, term: string) {
  return queryOptions({
    queryKey: [MESSAGING_KEY, clinicId, 'receivers', kind, term],
    queryFn: ({ signal }) => searchReceivers(clinicId, kind, term, signal),
  });
}
