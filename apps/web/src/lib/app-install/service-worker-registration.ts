import { SERVICE_WORKER_URL } from '@app/contracts/installable-app';

// The app's one service worker (decision 0038): the app shell for an offline start, and Web Push
// (decision 0013). Registered once per page, by whichever asks first: the start after load, or the
// push subscription.

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** The registration (scope '/'), or null where the browser has no service workers or refuses one. */
export function registerAppServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) {
    return Promise.resolve(null);
  }
  registering ??= navigator.serviceWorker
    // updateViaCache 'none': the browser's update check always asks the server for the worker.
    .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
    // A browser that blocks workers may resolve without a registration (Playwright's 'block' does).
    .then((registration: ServiceWorkerRegistration | undefined) => registration ?? null)
    .catch(() => {
      registering = null;
      return null;
    });
  return registering;
}

/**
 * Registers the worker once the page has loaded, so it never competes with the first screen
 * (decision 0006). Its own fetches (the shell) then come from the HTTP cache the page just filled.
 */
export function registerAppServiceWorkerAfterLoad(): void {
  if (!serviceWorkerSupported()) {
    return;
  }
  if (document.readyState === 'complete') {
    void registerAppServiceWorker();
    return;
  }
  window.addEventListener(
    'load',
    () => {
      void registerAppServiceWorker();
    },
    { once: true },
  );
}

/** Tests only: forget the registration of an earlier test. */
export function resetAppServiceWorkerForTests(): void {
  registering = null;
}
