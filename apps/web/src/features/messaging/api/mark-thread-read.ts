import type { CountResponse } from '@app/contracts/provider-workspace';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { messagesPath, type MessagingScope } from './messaging-scope.ts';

/** Everything in the thread counts as read by the caller; answers their remaining unread count. */
export async function markThreadRead(scope: MessagingScope, threadId: string): Promise<CountResponse> {
  const { countResponseSchema } = await import('@app/contracts/provider-workspace');
  return apiRequest(
    `${messagesPath(scope)}/threads/${encodeURIComponent(threadId)}/read`,
    countResponseSchema,
    { method: 'POST' },
  );
}
