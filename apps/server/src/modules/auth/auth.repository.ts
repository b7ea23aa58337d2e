import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { TWO_FACTOR_MAX_ATTEMPTS } from '@app/contracts/session';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { refreshTokens, sessions, twoFactorChallenges } from '../../db/schema/auth.ts';
import { providers } from '../../db/schema/clinics.ts';
import { parentSessions } from '../../platform/access.ts';

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

/** Issue 19 item 8: a hash from before the current scheme is replaced after a good login. */
export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function createSession(
  db: Db,
  values: {
    userId: string;
    clientId: string;
    expiresAt: Date;
    now: Date;
    /** spec 2 §4 provider-to-patient switch. */
    switchedByUserId?: string;
    parentSessionId?: string;
    /** spec 3 §4 family switch (decision 0027). */
    familyPrimaryUserId?: string;
    /** Issue 19 item 10: the device and client address the session was opened from. */
    userAgent?: string | null;
    clientAddress?: string | null;
  },
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

export async function findSessionExpiry(db: Db, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.expiresAt;
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
      switchedByUserId: sessions.switchedByUserId,
      parentSessionId: sessions.parentSessionId,
      familyPrimaryUserId: sessions.familyPrimaryUserId,
      // spec 2 §4: a switched session lives only while the provider's own session does.
      parentRevokedAt: parentSessions.revokedAt,
      parentExpiresAt: parentSessions.expiresAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .leftJoin(parentSessions, eq(parentSessions.id, sessions.parentSessionId))
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

/**
 * Puts a new code (and, on the phone-verification screen, the phone) on an open challenge and counts
 * the send, in one statement, so parallel resends cannot pass the cap. The old code stops working.
 * False when the cap is reached or the challenge was consumed meanwhile.
 */
export async function storeNewCode(
  db: Db,
  challengeId: string,
  values: { codeHash: string; codeExpiresAt: Date; phone?: string },
  maxSends: number,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ ...values, sendCount: sql`${twoFactorChallenges.sendCount} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.id, challengeId),
        isNull(twoFactorChallenges.consumedAt),
        lt(twoFactorChallenges.sendCount, maxSends),
      ),
    )
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

/**
 * Takes one of the challenge's tries before the code is compared, in one statement: parallel guesses
 * cannot together get more than TWO_FACTOR_MAX_ATTEMPTS comparisons. False when none is left (or
 * the challenge was consumed meanwhile).
 */
export async function claimCodeAttempt(db: Db, challengeId: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
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

/**
 * Consumes a challenge once (the code is single-use) and gives back the try claimed for the right
 * code, so failedAttempts keeps counting wrong codes only. False when it was consumed already.
 */
export async function consumeChallenge(db: Db, challengeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ consumedAt: now, failedAttempts: sql`${twoFactorChallenges.failedAttempts} - 1` })
    .where(and(eq(twoFactorChallenges.id, challengeId), isNull(twoFactorChallenges.consumedAt)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

/**
 * Issue 19 item 10: a user's own live sessions, newest use first. Sessions opened for them by a
 * provider's switch or a family switch (those with a parent session) are not their devices.
 */
export async function listOwnLiveSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      clientAddress: sessions.clientAddress,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.parentSessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Ends one of the user's own sessions; false when it is not theirs, not found or already ended. */
export async function revokeOwnSession(
  db: Db,
  userId: string,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.parentSessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Ends every own session of the user but one (the device asking); answers how many ended. */
export async function revokeOwnSessionsExcept(
  db: Db,
  userId: string,
  keepSessionId: string,
  reason: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.parentSessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
