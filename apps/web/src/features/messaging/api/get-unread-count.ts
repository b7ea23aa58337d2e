import { queryOptions, useQuery } from '@tanstack/react-query';
import { UNREAD_COUNT_POLL_MS } from '@app/contracts/messaging-constants';
import type { CountResponse } from '@app/contracts/provider-workspace';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { serverCheckedAnswer } from '../../../lib/api/server-checked-answer.ts';
import { messagesPath, scopeKey, type MessagingScope } from './messaging-scope.ts';

/**
 * BRIEF-dots: GET /api/provider/clinics/:clinicId/messages/unread-count (and the patient's own). Every
 * signed-in shell reads it: checked by the server's schema only (decision 0074).
 */
export async function getUnreadCount(scope: MessagingScope, signal?: AbortSignal): Promise<CountResponse> {
  return apiRequest(`${messagesPath(scope)}/unread-count`, serverCheckedAnswer<CountResponse>(), { signal });
}

export function unreadCountQuery(scope: MessagingScope) {
  return queryOptions({
    queryKey: [...scopeKey(scope), 'unread-count'],
    queryFn: ({ signal }) => getUnreadCount(scope, signal),
    // spec 3 §9: the unread messages count is refreshed every 30 minutes.
    refetchInterval: UNREAD_COUNT_POLL_MS,
    meta: { errorBanner: false },
  });
}

export function useUnreadCount(scope: MessagingScope | null) {
  return useQuery({ ...unreadCountQuery(scope ?? { kind: 'patient' }), enabled: scope !== null });
}
