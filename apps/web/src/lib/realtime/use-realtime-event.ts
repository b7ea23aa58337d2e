import { useEffect, useEffectEvent } from 'react';
import type { RealtimeEvent } from '@app/contracts/realtime';
import { realtimeClient } from './realtime-client.ts';

/**
 * Calls `onEvent` for every event on `topic` (null: nothing) while the component is mounted, and
 * with `{ type: 'realtime.reconnected' }` after a lost connection came back. Typical use: invalidate
 * the query that holds the data, keeping the spec's polling interval as the fallback.
 */
export function useRealtimeEvent(topic: string | null, onEvent: (event: RealtimeEvent) => void): void {
  const handle = useEffectEvent(onEvent);
  useEffect(() => {
    if (!topic) {
      return undefined;
    }
    return realtimeClient.subscribe(topic, (event) => {
      handle(event);
    });
  }, [topic]);
}
