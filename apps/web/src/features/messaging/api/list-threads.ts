import { queryOptions } from '@tanstack/react-query';
import { UNREAD_COUNT_POLL_MS } from '@app/contracts/messaging-constants';
import type { ThreadList } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { messagesPath, scopeKey, type MessagingScope } from './messaging-scope.ts';

/** The caller's threads, newest activity first; `patientId` narrows a provider's list to one patient. */
export async function listThreads(
  scope: MessagingScope,
  patientId: string | undefined,
  signal?: AbortSignal,
): Promise<ThreadList> {
  const { threadListSchema } = await import('@app/contracts/messaging');
  const query = patientId ? `?patientId=${encodeURIComponent(patientId)}` : '';
  return apiRequest(`${messagesPath(scope)}/threads${query}`, threadListSchema, { signal });
}

export function threadsQuery(scope: MessagingScope, patientId?: string) {
  return queryOptions({
    queryKey: [...scopeKey(scope), 'threads', patientId ?? 'all'],
    queryFn: ({ signal }) => listThreads(scope, patientId, signal),
    // spec 3 §9: counts refresh every 30 minutes; realtime events refresh sooner.
    refetchInterval: UNREAD_COUNT_POLL_MS,
  });
}
