import type { Redis } from 'ioredis';
import type { RealtimeEvent } from '@app/contracts/realtime';

// ARCHITECTURE.md "Realtime": fan-out of events to the WebSocket connections of every instance.
// Without Redis one process holds every connection, so an in-memory map is enough; with REDIS_URL
// each instance subscribes to the Redis channels of the topics its own connections watch, and a
// publish goes through Redis only, so every instance (this one too) delivers it exactly once.

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface RealtimeHub {
  publish(topic: string, event: RealtimeEvent): Promise<void>;
  /** Returns the function that ends this subscription. */
  subscribe(topic: string, listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

const CHANNEL_PREFIX = 'care-portal-rt:';

class ListenerRegistry {
  private readonly byTopic = new Map<string, Set<RealtimeListener>>();

  /** Adds a listener; true when it is the topic's first. */
  add(topic: string, listener: RealtimeListener): boolean {
    const listeners = this.byTopic.get(topic) ?? new Set<RealtimeListener>();
    const first = listeners.size === 0;
    listeners.add(listener);
    this.byTopic.set(topic, listeners);
    return first;
  }

  /** Removes a listener; true when the topic has none left. */
  remove(topic: string, listener: RealtimeListener): boolean {
    const listeners = this.byTopic.get(topic);
    if (!listeners?.delete(listener)) {
      return false;
    }
    if (listeners.size === 0) {
      this.byTopic.delete(topic);
      return true;
    }
    return false;
  }

  deliver(topic: string, event: RealtimeEvent): void {
    for (const listener of this.byTopic.get(topic) ?? []) {
      listener(event);
    }
  }
}

export function createMemoryHub(): RealtimeHub {
  const registry = new ListenerRegistry();
  return {
    publish: (topic, event) => {
      registry.deliver(topic, event);
      return Promise.resolve();
    },
    subscribe: (topic, listener) => {
      registry.add(topic, listener);
      return () => {
        registry.remove(topic, listener);
      };
    },
    close: () => Promise.resolve(),
  };
}

export function createRedisHub(publisher: Redis, onError: (error: Error) => void): RealtimeHub {
  const registry = new ListenerRegistry();
  // A connection in subscriber mode can do nothing else, hence a second one.
  const subscriber = publisher.duplicate();
  subscriber.on('error', onError);
  subscriber.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(CHANNEL_PREFIX)) {
      return;
    }
    try {
      registry.deliver(channel.slice(CHANNEL_PREFIX.length), JSON.parse(message) as RealtimeEvent);
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return {
    publish: async (topic, event) => {
      await publisher.publish(CHANNEL_PREFIX + topic, JSON.stringify(event));
    },
    subscribe: (topic, listener) => {
      if (registry.add(topic, listener)) {
        subscriber.subscribe(CHANNEL_PREFIX + topic).catch(onError);
      }
      return () => {
        if (registry.remove(topic, listener)) {
          subscriber.unsubscribe(CHANNEL_PREFIX + topic).catch(onError);
        }
      };
    },
    close: async () => {
      subscriber.disconnect();
      await Promise.resolve();
    },
  };
}

export function createRealtimeHub(
  redis: Redis | null,
  onError: (error: Error) => void = () => {},
): RealtimeHub {
  return redis ? createRedisHub(redis, onError) : createMemoryHub();
}
