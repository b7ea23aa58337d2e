import { useEffect } from 'react';
import { PUSH_REGISTRATION_DEBOUNCE_MS } from '@app/contracts/devices-constants';
import { debounce } from './debounce.ts';
import { registerDevice } from './register-device.ts';

// One scheduler for the whole app, so every trigger shares the 500 ms debounce (spec 1 §9).
const registration = debounce(() => {
  // Background work: a failure only means no push for this browser until the next login.
  registerDevice().catch(() => undefined);
}, PUSH_REGISTRATION_DEBOUNCE_MS);

/** Asks for a device registration (debounced); also used after notifications are allowed. */
export function scheduleDeviceRegistration(): void {
  registration.schedule();
}

/**
 * spec 1 §4: once signed in, the browser registers itself as a device; again when the browser
 * replaces its push subscription (the service worker's message).
 */
export function useDeviceRegistration(): void {
  useEffect(() => {
    registration.schedule();
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown } | null;
      if (data?.type === 'push-subscription-change') {
        registration.schedule();
      }
    };
    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    container?.addEventListener('message', onMessage);
    return () => {
      // Leaving the signed-in area (logout) within the debounce window registers nothing.
      registration.cancel();
      container?.removeEventListener('message', onMessage);
    };
  }, []);
}
