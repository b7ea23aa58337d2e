import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';
import { passkeyCredentials } from '../../db/schema/passkeys.ts';

export type PasskeyRow = typeof passkeyCredentials.$inferSelect;
export type CeremonyPurpose = 'webauthn-registration' | 'webauthn-authentication';

/** Keeps a ceremony's challenge (as its hash) until it is used once or expires. */
export async function insertCeremonyChallenge(
  db: Db,
  values: {
    purpose: CeremonyPurpose;
    challengeHash: string;
    userId: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    purpose: values.purpose,
    userId: values.userId,
    tokenHash: values.challengeHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/**
 * Consumes a live challenge in one statement, so a response can be verified once only, even when
 * two copies race. Gives back the user it was issued to (null for a login challenge).
 */
export async function consumeCeremonyChallenge(
  db: Db,
  values: { purpose: CeremonyPurpose; challengeHash: string; now: Date },
): Promise<{ userId: string | null } | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ consumedAt: values.now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, values.challengeHash),
        eq(oneTimeTokens.purpose, values.purpose),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, values.now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row;
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.userId, userId))
    .orderBy(desc(passkeyCredentials.createdAt));
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.credentialId, credentialId));
  return row;
}

/** False when the credential id is registered already (to anyone). */
export async function insertPasskey(
  db: Db,
  values: typeof passkeyCredentials.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .insert(passkeyCredentials)
    .values(values)
    .onConflictDoNothing({ target: passkeyCredentials.credentialId })
    .returning();
  return row;
}

export async function recordPasskeyUse(db: Db, id: string, counter: number, now: Date): Promise<void> {
  await db.update(passkeyCredentials).set({ counter, lastUsedAt: now }).where(eq(passkeyCredentials.id, id));
}

/** Only the owner's own passkey is removed; false when there is none with that id. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeyCredentials)
    .where(and(eq(passkeyCredentials.id, id), eq(passkeyCredentials.userId, userId)))
    .returning({ id: passkeyCredentials.id });
  return rows.length === 1;
}
