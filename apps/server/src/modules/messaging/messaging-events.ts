import { COUNTS_CHANGED_EVENT, MESSAGE_CREATED_EVENT } from '@app/contracts/messaging-constants';
import { realtimeTopic } from '@app/contracts/realtime';
import type { AppContext } from '../../app-context.ts';

export interface MessageEvents {
  threadId?: string;
  /** Users who received a new message in the thread. */
  messageFor?: string[];
  /** Users whose unread count changed. */
  countsChangedFor?: string[];
  /** Users whose view of the thread changed without a message for them (the sender's other tabs). */
  threadChangedFor?: string[];
}

/**
 * Realtime hints of messaging (BRIEF-dots: `message.created` and `counts.changed` on each recipient's
 * user topic). The events carry only the thread id: the pages refetch through REST, and the spec's
 * 30-minute count polling (§9) stays the fallback. A failed publish never fails the message itself,
 * which is already stored: the fallback polling will show it.
 */
export async function publishMessageEvents(context: AppContext, events: MessageEvents): Promise<void> {
  const payload = events.threadId ? { threadId: events.threadId } : undefined;
  const publishes: Promise<void>[] = [];
  for (const userId of new Set([...(events.messageFor ?? []), ...(events.threadChangedFor ?? [])])) {
    publishes.push(
      context.realtime.publish(realtimeTopic.user(userId), {
        type: MESSAGE_CREATED_EVENT,
        ...(payload ? { payload } : {}),
      }),
    );
  }
  for (const userId of new Set(events.countsChangedFor ?? [])) {
    publishes.push(context.realtime.publish(realtimeTopic.user(userId), { type: COUNTS_CHANGED_EVENT }));
  }
  await Promise.allSettled(publishes);
}
