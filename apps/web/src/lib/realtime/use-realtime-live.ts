import { useSyncExternalStore } from 'react';
import { RECONNECTED_EVENT, realtimeClient } from './realtime-client.ts';
import { useRealtimeEvent } from './use-realtime-event.ts';

/** The fallback while the socket is down (the waiting rooms' 15 s of spec 3 §9, decision 0042). */
export const FALLBACK_POLL_MS = 15_000;

const subscribeStatus = (listener: () => void) => realtimeClient.subscribeStatus(listener);
const isLive = () => realtimeClient.isLive();
const notLiveOnServer = () => false;

/**
 * A screen that follows realtime events on `topic` (null: none): `onChange` runs for each event whose
 * type is in `types`, and after a reconnect (events of the gap were lost). Returns the polling
 * interval for the screen's query: false while the socket delivers events, FALLBACK_POLL_MS while it
 * is down or not yet connected, so the screen never goes stale for longer than that.
 */
export function useRealtimeLive(
  topic: string | null,
  types: readonly string[],
  onChange: () => void,
): number | false {
  const live = useSyncExternalStore(subscribeStatus, isLive, notLiveOnServer);
  useRealtimeEvent(topic, (event) => {
    if (event.type === RECONNECTED_EVENT || types.includes(event.type)) {
      onChange();
    }
  });
  return topic && live ? false : FALLBACK_POLL_MS;
}
