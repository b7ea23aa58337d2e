import type { ThreadMessage } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { messagesPath, type MessagingScope } from './messaging-scope.ts';

/** Sends the caller's message; the answer is that message alone (decision 0069). */
export async function replyToThread(
  scope: MessagingScope,
  threadId: string,
  body: string,
): Promise<ThreadMessage> {
  const { threadMessageSchema } = await import('@app/contracts/messaging');
  return apiRequest(
    `${messagesPath(scope)}/threads/${encodeURIComponent(threadId)}/messages`,
    threadMessageSchema,
    { method: 'POST', body: { body } },
  );
}
