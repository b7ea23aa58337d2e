import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/platform.ts';

const KEY_NAME = 'access-token-hmac';

/**
 * The HMAC key for access tokens. JWT_SECRET wins; outside production a key is generated once and
 * kept in the database, so restarts and several instances agree without any setup.
 */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) {
    return new TextEncoder().encode(configured);
  }
  await db
    .insert(serverSecrets)
    .values({ name: KEY_NAME, value: randomBytes(48).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
  if (!row) {
    throw new Error('The access-token signing key could not be stored');
  }
  return Buffer.from(row.value, 'base64');
}
