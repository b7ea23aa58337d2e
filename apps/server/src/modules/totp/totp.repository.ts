import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { totpFactors } from '../../db/schema/totp.ts';

export type TotpRow = typeof totpFactors.$inferSelect;

export async function findTotp(db: Db, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

export async function hasConfirmedTotp(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return rows.length === 1;
}

/** A new pending enrolment replaces an earlier pending one. */
export async function savePendingTotp(db: Db, userId: string, secretEncrypted: string, now: Date) {
  await db
    .insert(totpFactors)
    .values({ userId, secretEncrypted, createdAt: now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretEncrypted, createdAt: now, confirmedAt: null, lastUsedStep: null, failedAttempts: 0 },
    });
}

/**
 * Counts a wrong code in one statement; the one that reaches the maximum locks the factor for a while
 * and restarts the count (SET expressions see the row as it was).
 */
export async function recordTotpFailure(db: Db, userId: string, max: number, lockedUntil: Date) {
  const reachesMax = sql`${totpFactors.failedAttempts} + 1 >= ${max}`;
  await db
    .update(totpFactors)
    .set({
      failedAttempts: sql`case when ${reachesMax} then 0 else ${totpFactors.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${reachesMax} then ${lockedUntil.toISOString()}::timestamptz else ${totpFactors.lockedUntil} end`,
    })
    .where(eq(totpFactors.userId, userId));
}

/**
 * Accepts a code's step once: false when that step (or a later one) was used already, so the same
 * code cannot be replayed, even by two requests at once.
 */
export async function claimTotpStep(db: Db, userId: string, step: number, confirm: boolean, now: Date) {
  const rows = await db
    .update(totpFactors)
    .set({
      lastUsedStep: step,
      failedAttempts: 0,
      lockedUntil: null,
      ...(confirm ? { confirmedAt: now } : {}),
    })
    .where(
      and(
        eq(totpFactors.userId, userId),
        sql`(${totpFactors.lastUsedStep} is null or ${totpFactors.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function deleteTotp(db: Db, userId: string): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}
