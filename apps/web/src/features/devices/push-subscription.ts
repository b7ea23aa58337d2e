import type { WebPushSubscription } from '@app/contracts/devices';
import { registerAppServiceWorker } from '../../lib/app-install/service-worker-registration.ts';

export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function base64UrlOf(buffer: ArrayBuffer | null): string {
  if (!buffer) {
    return '';
  }
  let binary = '';
  for (const byte of new Uint8Array(buffer)) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * This browser's Web Push subscription for the server's key, or null when push is off here: no
 * support, no key on the server, or the person has not allowed notifications. It never asks for
 * permission itself (browsers only allow that after a click; see notifications-button.tsx).
 */
export async function currentPushSubscription(publicKey: string | null): Promise<WebPushSubscription | null> {
  if (!publicKey || !pushSupported() || Notification.permission !== 'granted') {
    return null;
  }
  // The app's one service worker carries the push handlers (decision 0038).
  if (!(await registerAppServiceWorker())) {
    return null;
  }
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's keys changed) cannot receive our pushes.
  if (subscription && base64UrlOf(subscription.options.applicationServerKey) !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  const json = subscription.toJSON();
  const { webPushSubscriptionSchema } = await import('@app/contracts/devices');
  const parsed = webPushSubscriptionSchema.safeParse({ endpoint: json.endpoint, keys: json.keys });
  return parsed.success ? parsed.data : null;
}
