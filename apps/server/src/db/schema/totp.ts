import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * An authenticator-app second factor (TOTP, RFC 6238), one per person (decision 0012). The secret is
 * stored encrypted (AES-256-GCM) and is never returned after enrolment.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  secretEncrypted: text('secret_encrypted').notNull(),
  /** Null while enrolment waits for its first code. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code works once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
