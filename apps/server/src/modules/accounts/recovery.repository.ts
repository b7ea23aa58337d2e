import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/auth.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';

export type UserRow = typeof users.$inferSelect;
export type TokenRow = typeof oneTimeTokens.$inferSelect;

export async function findUsersByNameAndBirthdate(
  db: Db,
  firstName: string,
  lastName: string,
  birthDate: string,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.firstName}) = lower(${firstName})`,
        sql`lower(${users.lastName}) = lower(${lastName})`,
        eq(users.birthdate, birthDate),
        sql`${users.status} <> 'inactive'`,
      ),
    )
    .orderBy(users.createdAt);
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function insertToken(
  db: Db,
  values: { purpose: string; userId: string | null; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values(values);
}

/** A token that is neither used nor expired. */
export async function findLiveToken(
  db: Db,
  purpose: string,
  tokenHash: string,
  now: Date,
): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.purpose, purpose),
        eq(oneTimeTokens.tokenHash, tokenHash),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
  return row;
}

export async function countFailedAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ failedAttempts: sql`${oneTimeTokens.failedAttempts} + 1` })
    .where(eq(oneTimeTokens.id, id));
}

/** Marks the token used; false when another request used it first (single use). */
export async function consumeToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.consumedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

export async function markResetRequired(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ isResetPasswordRequired: true, updatedAt: now }).where(eq(users.id, userId));
}

export async function activateUser(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'pending')));
}

/** A password replaced by recovery ends every session opened with the old one. */
export async function revokeSessionsOfUser(db: Db, userId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Uses up every live token of these purposes of one person (a rejected password reset). */
export async function consumeTokensOfUser(db: Db, userId: string, purposes: string[], now: Date) {
  const rows = await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  return rows.length;
}
