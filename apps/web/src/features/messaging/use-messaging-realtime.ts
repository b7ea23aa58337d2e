import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COUNTS_CHANGED_EVENT, MESSAGE_CREATED_EVENT } from '@app/contracts/messaging-constants';
import { realtimeTopic } from '@app/contracts/realtime';
import { getSession } from '../../lib/auth/session-store.ts';
import { providerWorkspaceQuery } from '../../lib/provider/provider-workspace.ts';
import { useRealtimeEvent } from '../../lib/realtime/use-realtime-event.ts';
import { scopeKey, type MessagingScope } from './api/messaging-scope.ts';

const REFRESHING_EVENTS = new Set([MESSAGE_CREATED_EVENT, COUNTS_CHANGED_EVENT, 'realtime.reconnected']);

/**
 * A new message or a changed unread count on the signed-in user's topic refreshes the thread list,
 * the open thread and the unread count of the scope (events are hints; REST holds the data, and the
 * 30-minute polling of spec 3 §9 is the fallback).
 */
export function useMessagingRealtime(scope: MessagingScope): void {
  const queryClient = useQueryClient();
  // Patients never ask for the provider workspace (it would answer 403).
  const workspace = useQuery({ ...providerWorkspaceQuery(), enabled: scope.kind === 'provider' });
  const userId =
    scope.kind === 'provider' ? (workspace.data?.providerId ?? null) : (getSession()?.user.id ?? null);
  useRealtimeEvent(userId ? realtimeTopic.user(userId) : null, (event) => {
    if (REFRESHING_EVENTS.has(event.type)) {
      void queryClient.invalidateQueries({ queryKey: scopeKey(scope) });
    }
  });
}
