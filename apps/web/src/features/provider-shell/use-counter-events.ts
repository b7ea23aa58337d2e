import { useQueryClient } from '@tanstack/react-query';
import { realtimeTopic } from '@app/contracts/realtime';
import { useRealtimeEvent } from '../../lib/realtime/use-realtime-event.ts';
import { COUNTER_KEY } from './api/get-counter.ts';

const COUNTER_DELAY_MS = 1_500;
const COUNT_EVENTS = new Set([
  'counts.changed',
  'waiting-room.changed',
  // Decision 0042: an appointment change (arrival, booking, cancel) can move the waiting-room dots.
  'appointment.changed',
  'realtime.reconnected',
]);

/**
 * The red dots follow the counters' owners (BRIEF-dots): 'counts.changed' on the clinic topic
 * (provider-wide counts) or on the provider's own user topic (their unread messages), and the
 * waiting rooms' 'waiting-room.changed'. The spec's polling intervals stay the fallback.
 */
export function useCounterEvents(clinicId: string | null, providerId: string | null): void {
  const queryClient = useQueryClient();
  const refresh = (type: string) => {
    if (!COUNT_EVENTS.has(type)) {
      return;
    }
    // A waiting-room change refetches the open room first; the dots follow a moment later, so the
    // screen the provider is looking at is not queued behind the counters.
    const delay = type === 'waiting-room.changed' || type === 'appointment.changed' ? COUNTER_DELAY_MS : 0;
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: [COUNTER_KEY] });
    }, delay);
  };
  useRealtimeEvent(clinicId ? realtimeTopic.clinic(clinicId) : null, (event) => {
    refresh(event.type);
  });
  useRealtimeEvent(providerId ? realtimeTopic.user(providerId) : null, (event) => {
    refresh(event.type);
  });
}
