import { useEffect, useRef, useState } from 'react';

/**
 * Loads something (a dialog's component) the first time `when` is true, and returns it once loaded;
 * null before (decision 0074). Mantine's Modal and Drawer bring ScrollArea, focus trapping, scroll
 * locking and floating-ui with them (about 30 kB gzipped): a screen that only may open one loads it
 * through this, so its first paint does not pay for a dialog nobody has asked for yet. Once loaded
 * it stays, so closing runs as Mantine's own (focus goes back to what opened it).
 *
 * State, not React.lazy: a lazy component's reveal after Suspense waits on a timer in React, and a
 * page whose clock is held (the e2e suite's biometric test) would never see the dialog. A load that
 * fails (offline) is tried again at the next opening.
 */
export function useLoadedWhen<T>(when: boolean, load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  const loading = useRef(false);
  useEffect(() => {
    if (!when || loaded !== null || loading.current) {
      return;
    }
    loading.current = true;
    load().then(
      (value) => {
        setLoaded({ value });
      },
      () => {
        loading.current = false;
      },
    );
  }, [when, loaded, load]);
  return loaded?.value ?? null;
}
