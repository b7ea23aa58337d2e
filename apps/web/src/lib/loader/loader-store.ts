import type { QueryClient } from '@tanstack/react-query';
import { LOADER_FORCED_TIMEOUT_MS } from '@app/contracts/session';
import { showsLoader } from './loader-exclusions.ts';

export interface LoaderStore {
  subscribe: (listener: () => void) => () => void;
  /** Whether the global loader shows now. */
  getSnapshot: () => boolean;
  dispose: () => void;
}

/**
 * The global loader: on while any request that is not excluded (spec 1 §7) runs, forced off after
 * LOADER_FORCED_TIMEOUT_MS of continuous activity so a hung request never blocks the screen; it may
 * come back once activity has stopped and starts again.
 */
export function createLoaderStore(
  client: QueryClient,
  forcedTimeoutMs = LOADER_FORCED_TIMEOUT_MS,
): LoaderStore {
  const listeners = new Set<() => void>();
  let visible = false;
  let forcedOff = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const activeCount = () =>
    client.isFetching({ predicate: (query) => showsLoader(query.meta, query.queryKey) }) +
    client.isMutating({ predicate: (mutation) => showsLoader(mutation.meta, mutation.options.mutationKey) });

  const update = () => {
    const active = activeCount() > 0;
    if (!active) {
      clearTimeout(timer);
      timer = undefined;
      forcedOff = false;
    } else if (timer === undefined && !forcedOff) {
      timer = setTimeout(() => {
        forcedOff = true;
        update();
      }, forcedTimeoutMs);
    }
    const next = active && !forcedOff;
    if (next !== visible) {
      visible = next;
      for (const listener of listeners) {
        listener();
      }
    }
  };

  const unsubscribeQueries = client.getQueryCache().subscribe(update);
  const unsubscribeMutations = client.getMutationCache().subscribe(update);

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => visible,
    dispose: () => {
      clearTimeout(timer);
      unsubscribeQueries();
      unsubscribeMutations();
    },
  };
}
