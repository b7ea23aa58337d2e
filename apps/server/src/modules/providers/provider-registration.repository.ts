import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';

export const PIN_CODE_PURPOSE = 'pin-code';

export interface ProviderMatch {
  userId: string;
  clinicId: string;
  clinicName: string;
}

/** Doctors whose last name and email both match (case-insensitive), one row per clinic membership. */
export async function findProviderMatches(
  db: Db,
  lastName: string,
  email: string,
  clinicId: string | undefined,
): Promise<ProviderMatch[]> {
  return db
    .select({ userId: users.id, clinicId: clinics.id, clinicName: clinics.name })
    .from(users)
    .innerJoin(providers, eq(providers.userId, users.id))
    .innerJoin(clinics, eq(clinics.id, providers.clinicId))
    .where(
      and(
        eq(users.memberType, 'doctor'),
        ne(users.status, 'inactive'),
        sql`lower(${users.lastName}) = ${lastName.trim().toLowerCase()}`,
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        clinicId ? eq(clinics.id, clinicId) : undefined,
      ),
    )
    .orderBy(asc(clinics.name));
}

export async function findDoctorById(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.memberType, 'doctor')));
  return row;
}

/** A new pin replaces any earlier one, so only the latest email's code works. */
export async function replacePinCode(
  db: Db,
  values: { userId: string; tokenHash: string; nonce: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: values.now })
    .where(
      and(
        eq(oneTimeTokens.userId, values.userId),
        eq(oneTimeTokens.purpose, PIN_CODE_PURPOSE),
        isNull(oneTimeTokens.consumedAt),
      ),
    );
  await db.insert(oneTimeTokens).values({
    purpose: PIN_CODE_PURPOSE,
    userId: values.userId,
    tokenHash: values.tokenHash,
    data: { nonce: values.nonce },
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

export async function findLivePinCode(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, PIN_CODE_PURPOSE),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row;
}

/**
 * Counts a wrong pin in one statement; the try that reaches the maximum also consumes the pin, so
 * parallel guesses cannot slip past the limit.
 */
export async function recordPinFailure(
  db: Db,
  tokenId: string,
  maxAttempts: number,
  now: Date,
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({
      failedAttempts: sql`${oneTimeTokens.failedAttempts} + 1`,
      consumedAt: sql`case when ${oneTimeTokens.failedAttempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(oneTimeTokens.id, tokenId));
}

/** Marks the pin used; false when a parallel request used it first. */
export async function consumePinCode(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.consumedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length > 0;
}

/** True when another account already holds this username (case-insensitive, like the unique index). */
export async function usernameTakenByOther(db: Db, username: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`, ne(users.id, userId)));
  return rows.length > 0;
}

export async function updateUsername(db: Db, userId: string, username: string, now: Date): Promise<void> {
  await db.update(users).set({ username, updatedAt: now }).where(eq(users.id, userId));
}
