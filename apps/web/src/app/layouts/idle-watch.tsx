import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isIdleDisabledPath, resolveIdleSettings } from '../../lib/idle/idle-settings.ts';
import { LoadedWhen } from '../../lib/react/loaded-when.tsx';

// The dialog's code loads when it is first shown (decision 0074).
const loadDialog = () => import('./idle-warning-dialog.tsx').then((module) => module.IdleWarningDialog);

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

interface IdleWatchProps {
  area: 'user' | 'provider';
  onTimeout: () => void;
}

/**
 * spec 1 §1, §9 idle logout: after the layout's idle time an 'Are you still here?' dialog offers the
 * time-out (≥ 20 s) to answer Yes; without an answer the person is logged out. The video-call routes
 * disable it. Settings and the test hook: lib/idle/idle-settings.ts.
 */
export function IdleWatch({ area, onTimeout }: IdleWatchProps) {
  const { pathname } = useLocation();
  const disabled = isIdleDisabledPath(pathname);
  const [settings] = useState(() => resolveIdleSettings(area));
  const [warningSince, setWarningSince] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const lastActivity = useRef(0);
  const timeoutRef = useRef(onTimeout);

  useEffect(() => {
    timeoutRef.current = onTimeout;
  }, [onTimeout]);

  // Watch for activity; a cheap timestamp per event, checked by one timer.
  useEffect(() => {
    if (disabled || warningSince !== null) {
      return undefined;
    }
    const idleMs = settings.idleSeconds * 1000;
    lastActivity.current = Date.now();
    const markActive = () => {
      lastActivity.current = Date.now();
    };
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const remaining = lastActivity.current + idleMs - Date.now();
      if (remaining <= 0) {
        const start = Date.now();
        setNow(start);
        setWarningSince(start);
      } else {
        timer = setTimeout(check, remaining);
      }
    };
    timer = setTimeout(check, idleMs);
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, markActive, { capture: true, passive: true });
    }
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, markActive, { capture: true });
      }
    };
  }, [disabled, warningSince, settings.idleSeconds]);

  // The countdown: only an answer keeps the session (moving the mouse over the dialog is not one).
  useEffect(() => {
    if (disabled || warningSince === null) {
      return undefined;
    }
    const tick = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    const end = setTimeout(() => {
      timeoutRef.current();
      // The time-out may not end the session (the kiosk goes back to its search): watch again.
      setWarningSince(null);
    }, settings.timeoutSeconds * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(end);
    };
  }, [disabled, warningSince, settings.timeoutSeconds]);

  const stay = () => {
    setWarningSince(null);
  };
  const secondsLeft =
    warningSince === null
      ? settings.timeoutSeconds
      : Math.max(0, Math.ceil((warningSince + settings.timeoutSeconds * 1000 - now) / 1000));

  const opened = warningSince !== null && !disabled;
  return <LoadedWhen when={opened} load={loadDialog} props={{ opened, secondsLeft, onStay: stay }} />;
}
