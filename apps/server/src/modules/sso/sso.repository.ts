import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';
import { ssoIdentities } from '../../db/schema/sso.ts';

export const OAUTH_CODE_PURPOSE = 'oauth-code';

export async function findLinkedUserId(db: Db, provider: string, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)));
  return row?.userId ?? null;
}

/** Active doctors whose email is this one (case-insensitive). */
export async function findActiveDoctorIdsByEmail(db: Db, email: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        eq(users.memberType, 'doctor'),
        eq(users.status, 'active'),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Links (provider, subject) to the account, or keeps the link that a parallel first sign-on made.
 * Returns the account the subject is linked to afterwards.
 */
export async function linkIdentity(
  db: Db,
  values: { provider: string; subject: string; userId: string; now: Date },
): Promise<string | null> {
  await db
    .insert(ssoIdentities)
    .values({
      provider: values.provider,
      subject: values.subject,
      userId: values.userId,
      createdAt: values.now,
      lastLoginAt: values.now,
    })
    .onConflictDoNothing();
  return findLinkedUserId(db, values.provider, values.subject);
}

export async function touchIdentity(db: Db, provider: string, subject: string, now: Date): Promise<void> {
  await db
    .update(ssoIdentities)
    .set({ lastLoginAt: now })
    .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)));
}

export async function insertOAuthCode(
  db: Db,
  values: {
    userId: string;
    tokenHash: string;
    redirectUri: string;
    data?: Record<string, unknown>;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    purpose: OAUTH_CODE_PURPOSE,
    userId: values.userId,
    tokenHash: values.tokenHash,
    data: { ...values.data, redirectUri: values.redirectUri },
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/**
 * Consumes the code in one statement, so two parallel exchanges cannot both succeed. Returns the row
 * only when it was live (unused, unexpired) until now.
 */
export async function consumeOAuthCode(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, OAUTH_CODE_PURPOSE),
        sql`${oneTimeTokens.consumedAt} is null`,
        sql`${oneTimeTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: oneTimeTokens.userId, data: oneTimeTokens.data });
  return row;
}
