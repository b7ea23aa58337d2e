import {
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  index,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A login session. Logout or refresh-token replay revokes it, and with it every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /**
     * spec 2 §4 provider-to-patient switch: the provider acting in this patient session (kept for
     * audit) and the provider's own session, which bounds this one (it ends when that one ends).
     */
    switchedByUserId: uuid('switched_by_user_id').references(() => users.id),
    parentSessionId: uuid('parent_session_id').references((): AnyPgColumn => sessions.id),
    /**
     * spec 3 §4 family switch (decision 0027): the primary user whose session (parentSessionId) a
     * family member's session was opened from. Such a session is not a provider switch.
     */
    familyPrimaryUserId: uuid('family_primary_user_id').references(() => users.id),
    /**
     * Issue 19 item 10: the device the session was opened on, as its browser named itself (cut to 512
     * characters), and the client address at login, for the account's sessions page.
     */
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Issue 19 item 9 (NIST 800-63B §5.2.2, decision 0061): failed passwords counted per account and
 * client address, so guesses from one place slow down that place only and never lock the owner out.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client address, an IPv6 /64 counted as one (as the rate limits do). */
    clientAddress: text('client_address').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** No password is judged from this address for this account before then. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.clientAddress] })],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; each is used once and replaced. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** A second-factor challenge bound to one password login attempt. */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  clientId: text('client_id').notNull(),
  kind: text('kind', { enum: ['code', 'phone', 'totp'] }).notNull(),
  /** Phone given on the phone-verification screen, when kind is 'phone'. */
  phone: text('phone'),
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  sendCount: integer('send_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});
