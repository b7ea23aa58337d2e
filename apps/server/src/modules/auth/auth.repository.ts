import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { TWO_FACTOR_MAX_ATTEMPTS } from '@app/contracts/session';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { refreshTokens, sessions, twoFactorChallenges } from '../../db/schema/auth.ts';
import { providers } from '../../db/schema/clinics.ts';

export type UserRow = typeof users.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function saveLoginFailures(
  db: Db,
  userId: string,
  failedLoginCount: number,
  lockedUntil: Date | null,
): Promise<void> {
  await db.update(users).set({ failedLoginCount, lockedUntil }).where(eq(users.id, userId));
}

export async function createSession(
  db: Db,
  values: { userId: string; clientId: string; expiresAt: Date; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, createdAt: values.now, lastUsedAt: values.now })
    .returning({ id: sessions.id });
  if (!row) {
    throw new Error('session was not created');
  }
  return row.id;
}

export async function insertRefreshToken(db: Db, tokenHash: string, sessionId: string, now: Date) {
  await db.insert(refreshTokens).values({ tokenHash, sessionId, createdAt: now });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      tokenHash: refreshTokens.tokenHash,
      usedAt: refreshTokens.usedAt,
      sessionId: sessions.id,
      clientId: sessions.clientId,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a refresh token used; false when another request used it first (a replay or a race). */
export async function markRefreshTokenUsed(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return rows.length === 1;
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function providerPermissionsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ permissions: providers.permissions })
    .from(providers)
    .where(eq(providers.userId, userId));
  return [...new Set(rows.flatMap((row) => row.permissions))];
}

export async function insertChallenge(
  db: Db,
  values: typeof twoFactorChallenges.$inferInsert,
): Promise<ChallengeRow> {
  const [row] = await db.insert(twoFactorChallenges).values(values).returning();
  if (!row) {
    throw new Error('challenge was not created');
  }
  return row;
}

export async function findChallenge(db: Db, challengeId: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.id, challengeId));
  return row;
}

export async function updateChallenge(
  db: Db,
  challengeId: string,
  values: Partial<typeof twoFactorChallenges.$inferInsert>,
): Promise<void> {
  await db.update(twoFactorChallenges).set(values).where(eq(twoFactorChallenges.id, challengeId));
}

/** Counts a wrong code atomically, so parallel guesses cannot exceed the allowance. */
export async function addFailedCodeAttempt(db: Db, challengeId: string): Promise<number> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(eq(twoFactorChallenges.id, challengeId))
    .returning({ failedAttempts: twoFactorChallenges.failedAttempts });
  return row?.failedAttempts ?? Number.POSITIVE_INFINITY;
}

/**
 * Consumes a challenge once; false when it was consumed already (the code is single-use) or when
 * parallel wrong guesses used up its tries meanwhile.
 */
export async function consumeChallenge(db: Db, challengeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(twoFactorChallenges.id, challengeId),
        isNull(twoFactorChallenges.consumedAt),
        lt(twoFactorChallenges.failedAttempts, TWO_FACTOR_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}
