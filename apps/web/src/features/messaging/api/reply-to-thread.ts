import type { ThreadDetail } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { messagesPath, type MessagingScope } from './messaging-scope.ts';

export async function replyToThread(
  scope: MessagingScope,
  threadId: string,
  body: string,
): Promise<ThreadDetail> {
  const { threadDetailSchema } = await import('@app/contracts/messaging');
  return apiRequest(
    `${messagesPath(scope)}/threads/${encodeURIComponent(threadId)}/messages`,
    threadDetailSchema,
    { method: 'POST', body: { body } },
  );
}
