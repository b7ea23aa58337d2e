import { useCallback, useEffect, useRef, useState } from 'react';

// spec 3 §2 insurance cards list: "Pull-down refreshes the list." On touch screens a pull down from
// the top of the page refreshes; the Refresh button stays for mouse and keyboard (issue 17 item 8).
// The gesture is a small pure tracker (tested without a DOM) and a hook that feeds it touch events.

/** How far (px, after damping) the finger must pull before letting go refreshes. */
export const PULL_THRESHOLD_PX = 64;
/** The indicator stops here however far the finger goes. */
export const PULL_MAX_PX = 96;
/** The page follows the finger at half speed, as native pull-to-refresh does. */
const DAMPING = 0.5;

export interface PullTracker {
  /** A finger touched the screen; `atTop` says whether the page is scrolled to the top. */
  start(clientY: number, atTop: boolean): void;
  /** The finger moved; answers the pull distance to show (0 when this is no pull). */
  move(clientY: number): number;
  /** The finger left the screen; answers whether the pull went far enough to refresh. */
  end(): boolean;
  cancel(): void;
}

export function createPullTracker(threshold = PULL_THRESHOLD_PX, max = PULL_MAX_PX): PullTracker {
  let startY: number | null = null;
  let distance = 0;
  return {
    start(clientY, atTop) {
      // A touch that starts below the top of the page scrolls it; only one at the top may pull.
      startY = atTop ? clientY : null;
      distance = 0;
    },
    move(clientY) {
      if (startY === null) {
        return 0;
      }
      distance = Math.min(max, Math.max(0, (clientY - startY) * DAMPING));
      return distance;
    },
    end() {
      const refresh = startY !== null && distance >= threshold;
      startY = null;
      distance = 0;
      return refresh;
    },
    cancel() {
      startY = null;
      distance = 0;
    },
  };
}

export interface PullToRefresh {
  /** Props for the element the gesture lives on. */
  bind: {
    onTouchStart: (event: React.TouchEvent) => void;
    onTouchMove: (event: React.TouchEvent) => void;
    onTouchEnd: () => void;
    onTouchCancel: () => void;
  };
  /** The current pull, in px (0 when none), for an indicator. */
  distance: number;
  /** Whether the pull has gone far enough that letting go refreshes. */
  armed: boolean;
  refreshing: boolean;
}

function pageAtTop(): boolean {
  return (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;
}

/**
 * Pull down from the top of the page to run `onRefresh`. `atTop` may be given for a scrolling
 * container other than the page.
 */
export function usePullToRefresh(
  onRefresh: () => Promise<unknown>,
  options: { atTop?: () => boolean; threshold?: number } = {},
): PullToRefresh {
  const { atTop = pageAtTop, threshold = PULL_THRESHOLD_PX } = options;
  const tracker = useRef<PullTracker>(createPullTracker(threshold));
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    // The browser's own pull-to-refresh (a whole page reload) would take the gesture first.
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      mounted.current = false;
      root.style.overscrollBehaviorY = before;
    };
  }, []);

  const onTouchStart = useCallback(
    (event: React.TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || event.touches.length > 1 || refreshing) {
        tracker.current.cancel();
        return;
      }
      tracker.current.start(touch.clientY, atTop());
    },
    [atTop, refreshing],
  );
  const onTouchMove = useCallback((event: React.TouchEvent) => {
    const touch = event.touches[0];
    if (touch) {
      setDistance(tracker.current.move(touch.clientY));
    }
  }, []);
  const onTouchEnd = useCallback(() => {
    setDistance(0);
    if (!tracker.current.end()) {
      return;
    }
    setRefreshing(true);
    void onRefresh()
      .catch(() => undefined)
      .finally(() => {
        if (mounted.current) {
          setRefreshing(false);
        }
      });
  }, [onRefresh]);
  const onTouchCancel = useCallback(() => {
    tracker.current.cancel();
    setDistance(0);
  }, []);

  return {
    bind: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel },
    distance,
    armed: distance >= threshold,
    refreshing,
  };
}
