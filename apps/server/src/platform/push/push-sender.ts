import type { Agent } from 'node:https';
import { loadWebPush } from '../lazy/web-push.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** delivered: the push service accepted it; gone: the subscription no longer exists (404/410). */
export type PushOutcome = 'delivered' | 'gone';

/**
 * Sends one encrypted message to one subscription. Throws when the push service refuses for another
 * reason; the error message never carries the payload.
 */
export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** Pushes wait at the push service for a day at most: a reminder older than that is noise. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 15_000;

/** The standard Web Push protocol (RFC 8030, encrypted per RFC 8291, signed per RFC 8292). */
export function createWebPushSender(vapid: VapidKeys, options: { agent?: Agent } = {}): PushSender {
  return {
    async send(target, payload) {
      const webpush = await loadWebPush();
      try {
        await webpush.sendNotification(target, payload, {
          vapidDetails: vapid,
          TTL: TIME_TO_LIVE_SECONDS,
          timeout: REQUEST_TIMEOUT_MS,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return 'delivered';
      } catch (error) {
        if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          return 'gone';
        }
        const status = error instanceof webpush.WebPushError ? ` (${error.statusCode})` : '';
        throw new Error(`The push service refused the message${status}`);
      }
    },
  };
}
