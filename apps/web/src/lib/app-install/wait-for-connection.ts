// The offline start (decision 0038): while the portal cannot be reached, the boot screen says so and
// this waits for it to come back — at once when the browser reports a connection, otherwise by asking
// the server's health check every few seconds, less often the longer it is away.

export const RECONNECT_FIRST_DELAY_MS = 2_000;
export const RECONNECT_MAX_DELAY_MS = 30_000;

export interface WaitForConnectionOptions {
  /** Whether the portal answers; the server's health check by default (never cached by the worker). */
  probe?: () => Promise<boolean>;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

async function healthCheck(): Promise<boolean> {
  try {
    const response = await fetch('/healthz', { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/** Resolves once the portal answers; cancel() stops waiting (the promise then never resolves). */
export function waitForConnection({ probe = healthCheck, target = window }: WaitForConnectionOptions = {}): {
  connected: Promise<void>;
  cancel: () => void;
} {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = RECONNECT_FIRST_DELAY_MS;
  let stopped = false;
  let checking = false;
  let resolveConnected: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => {
    resolveConnected = resolve;
  });

  // A function, so the checks after an await read the current value.
  const isStopped = () => stopped;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    target.removeEventListener('online', onOnline);
  };
  const check = async () => {
    if (stopped || checking) {
      return;
    }
    checking = true;
    clearTimeout(timer);
    const up = await probe().catch(() => false);
    checking = false;
    if (isStopped()) {
      return;
    }
    if (up) {
      stop();
      resolveConnected();
      return;
    }
    timer = setTimeout(() => void check(), delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_DELAY_MS);
  };
  function onOnline() {
    delay = RECONNECT_FIRST_DELAY_MS;
    void check();
  }

  target.addEventListener('online', onOnline);
  timer = setTimeout(() => void check(), delay);
  delay = Math.min(delay * 2, RECONNECT_MAX_DELAY_MS);
  return { connected, cancel: stop };
}

/** A start that failed because the portal could not be reached (not an error answer). */
export function isConnectionFailure(error: unknown): boolean {
  return (typeof navigator !== 'undefined' && !navigator.onLine) || error instanceof TypeError;
}
