import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/platform.ts';
import type { Env } from '../../env.ts';
import { loadWebPush } from '../lazy/web-push.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SECRET_NAME = 'web-push-vapid';
const DEVELOPMENT_SUBJECT = 'mailto:no-reply@localhost';

/**
 * The VAPID key pair that signs our pushes (decision 0013). Configured keys win. Outside production a
 * pair is generated once and kept in the database, like the token signing key, so push works without
 * setup and every instance (and restart) keeps the same public key, which subscriptions are bound to.
 * In production without keys push is off: null.
 */
export async function loadVapidKeys(db: Db, env: Env): Promise<VapidKeys | null> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
  }
  if (env.NODE_ENV === 'production') {
    return null;
  }
  const stored = async () =>
    (await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME)))[0];
  // Only the first start generates a pair (and so loads web-push, decision 0078). Another instance
  // may store its pair first: the insert then does nothing and everyone reads the one stored.
  let row = await stored();
  if (!row) {
    const webpush = await loadWebPush();
    await db
      .insert(serverSecrets)
      .values({ name: SECRET_NAME, value: JSON.stringify(webpush.generateVAPIDKeys()) })
      .onConflictDoNothing();
    row = await stored();
  }
  if (!row) {
    throw new Error('The Web Push keys could not be stored');
  }
  const keys = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: DEVELOPMENT_SUBJECT };
}
