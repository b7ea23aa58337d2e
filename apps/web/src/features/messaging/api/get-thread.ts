import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { UNREAD_COUNT_POLL_MS } from '@app/contracts/messaging-constants';
import type { ThreadDetail, ThreadMessage } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { messagesPath, scopeKey, type MessagingScope } from './messaging-scope.ts';

/** One page of a thread: the newest without a cursor, or the one before `before` (decision 0069). */
export async function getThread(
  scope: MessagingScope,
  threadId: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<ThreadDetail> {
  const { threadDetailSchema } = await import('@app/contracts/messaging');
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiRequest(
    `${messagesPath(scope)}/threads/${encodeURIComponent(threadId)}${query}`,
    threadDetailSchema,
    { signal },
  );
}

/**
 * The thread by pages: pages[0] is the newest, each next page is an earlier one. A refetch (realtime
 * hint, polling) asks for the newest page again and follows the fresh cursors, so the pages it had
 * loaded come back without gaps or repeats even when new messages arrived meanwhile.
 */
export function threadQuery(scope: MessagingScope, threadId: string) {
  return infiniteQueryOptions({
    queryKey: [...scopeKey(scope), 'thread', threadId],
    queryFn: ({ signal, pageParam }) => getThread(scope, threadId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.earlierCursor,
    refetchInterval: UNREAD_COUNT_POLL_MS,
    retry: false,
    // A thread the caller is not in answers 404: the page says so itself.
    meta: { errorBanner: false },
  });
}

/** The loaded pages as one conversation, oldest first. */
export function threadMessages<Cursor>(data: InfiniteData<ThreadDetail, Cursor>): ThreadMessage[] {
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/** The sender's own message added to the newest page, once (a refetch may already hold it). */
export function withSentMessage<Cursor>(
  data: InfiniteData<ThreadDetail, Cursor> | undefined,
  message: ThreadMessage,
): InfiniteData<ThreadDetail, Cursor> | undefined {
  const [newest, ...earlier] = data?.pages ?? [];
  if (!data || !newest || data.pages.some((page) => page.messages.some((known) => known.id === message.id))) {
    return data;
  }
  return {
    ...data,
    pages: [
      {
        ...newest,
        messages: [...newest.messages, message],
        lastMessage: { body: message.body, senderName: message.senderName, createdAt: message.createdAt },
        lastMessageAt: message.createdAt,
      },
      ...earlier,
    ],
  };
}
