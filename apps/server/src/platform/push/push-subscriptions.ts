import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/devices.ts';

/** The Web Push subscriptions of a person's devices (registered by modules/devices). */
export async function pushSubscriptionsOf(db: Db, userId: string) {
  return db
    .select({
      id: devices.id,
      endpoint: devices.pushEndpoint,
      p256dh: devices.pushP256dh,
      auth: devices.pushAuth,
    })
    .from(devices)
    .where(and(eq(devices.userId, userId), isNotNull(devices.pushEndpoint)));
}

/** The push service said the subscription is gone (404/410): stop sending to it. */
export async function forgetPushSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await db
    .update(devices)
    .set({ pushEndpoint: null, pushP256dh: null, pushAuth: null })
    .where(inArray(devices.id, ids));
}
