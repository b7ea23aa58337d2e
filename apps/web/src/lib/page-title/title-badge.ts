import { useEffect, useSyncExternalStore } from 'react';

// A count in front of the page title ("(1) Telehealth Waiting Room | CareManager"), as mail and chat
// tabs show unread items (decision 0052). A screen sets it while it is shown; the root layout, which
// writes document.title, reads it. One value: only the screen on show sets it.

let badge = 0;
const listeners = new Set<() => void>();

function setTitleBadge(count: number): void {
  if (count !== badge) {
    badge = count;
    for (const listener of listeners) {
      listener();
    }
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current count (0: no badge). */
export function useTitleBadge(): number {
  return useSyncExternalStore(
    subscribe,
    () => badge,
    () => 0,
  );
}

/** Shows `count` in front of the title while the calling screen is mounted. */
export function useSetTitleBadge(count: number): void {
  useEffect(() => {
    setTitleBadge(count);
  }, [count]);
  useEffect(
    () => () => {
      setTitleBadge(0);
    },
    [],
  );
}

/** "(n) title" when n is above zero. */
export function titleWithBadge(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title;
}
