import { queryOptions } from '@tanstack/react-query';
import { UNREAD_COUNT_POLL_MS } from '@app/contracts/messaging-constants';
import type { ThreadDetail } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { messagesPath, scopeKey, type MessagingScope } from './messaging-scope.ts';

export async function getThread(
  scope: MessagingScope,
  threadId: string,
  signal?: AbortSignal,
): Promise<ThreadDetail> {
  const { threadDetailSchema } = await import('@app/contracts/messaging');
  return apiRequest(`${messagesPath(scope)}/threads/${encodeURIComponent(threadId)}`, threadDetailSchema, {
    signal,
  });
}

export function threadQuery(scope: MessagingScope, threadId: string) {
  return queryOptions({
    queryKey: [...scopeKey(scope), 'thread', threadId],
    queryFn: ({ signal }) => getThread(scope, threadId, signal),
    refetchInterval: UNREAD_COUNT_POLL_MS,
    retry: false,
    // A thread the caller is not in answers 404: the page says so itself.
    meta: { errorBanner: false },
  });
}
