import type { PushPayload } from '@app/contracts/devices';
import type { AppContext } from '../../app-context.ts';
import { forgetPushSubscriptions, pushSubscriptionsOf } from './push-subscriptions.ts';
import { createWebPushSender, type PushSender } from './push-sender.ts';
import { loadVapidKeys, type VapidKeys } from './vapid-keys.ts';

export interface PushResult {
  delivered: number;
  /** Subscriptions the push service no longer knows; they were removed. */
  gone: number;
  failed: number;
}

export interface PushNotifier {
  /** The VAPID public key browsers subscribe with; null when push is off. */
  publicKey: string | null;
  /** Sends one notification to every browser the person subscribed. */
  sendToUser(userId: string, payload: PushPayload): Promise<PushResult>;
}

const notifiers = new WeakMap<AppContext, Promise<PushNotifier>>();

/**
 * The push notifier of an app: one per context, shared by every module that notifies people. Pushes
 * go to each subscription's push service with the standard Web Push protocol.
 */
export function pushNotifierOf(context: AppContext): Promise<PushNotifier> {
  let notifier = notifiers.get(context);
  if (!notifier) {
    notifier = loadVapidKeys(context.db, context.env).then((vapid) =>
      createPushNotifier(context, vapid, vapid ? createWebPushSender(vapid) : null),
    );
    notifiers.set(context, notifier);
  }
  return notifier;
}

/** A notifier over any sender (the adapter seam: a native-app gateway, or a test's HTTPS agent). */
export function createPushNotifier(
  context: AppContext,
  vapid: VapidKeys | null,
  transport: PushSender | null,
): PushNotifier {
  return {
    publicKey: vapid?.publicKey ?? null,
    async sendToUser(userId, payload) {
      const result: PushResult = { delivered: 0, gone: 0, failed: 0 };
      if (!transport) {
        return result;
      }
      const targets = await pushSubscriptionsOf(context.db, userId);
      const gone: string[] = [];
      const body = JSON.stringify(payload);
      await Promise.all(
        targets.map(async (target) => {
          if (!target.endpoint || !target.p256dh || !target.auth) {
            return;
          }
          try {
            const outcome = await transport.send(
              { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
              body,
            );
            if (outcome === 'gone') {
              gone.push(target.id);
              result.gone += 1;
            } else {
              result.delivered += 1;
            }
          } catch {
            // One unreachable browser does not stop the others; push is a best-effort extra channel.
            result.failed += 1;
          }
        }),
      );
      await forgetPushSubscriptions(context.db, gone);
      return result;
    },
  };
}
