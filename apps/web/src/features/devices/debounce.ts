/**
 * Runs `task` once, `delayMs` after the last call (spec 1 §9: push registration is debounced
 * 500 ms), so a burst of triggers (login, the layout mounting twice, a subscription change) makes
 * one registration.
 */
export function debounce(task: () => void, delayMs: number): { schedule: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
  };
  return {
    schedule: () => {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        task();
      }, delayMs);
    },
    cancel,
  };
}
