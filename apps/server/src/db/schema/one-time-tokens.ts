import { integer, jsonb, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Short-lived secrets that prove one step of a flow: activation links, credential-recovery steps,
 * doctor pin codes, one-time login codes. Only a SHA-256 hash of the secret is stored; each is used
 * once (consumedAt) and may allow a few wrong tries (failedAttempts).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. 'activation', 'recovery', 'pin-code', 'oauth-code'. */
    purpose: text('purpose').notNull(),
    /** Null for a decoy issued to an unknown account, so answers do not reveal which accounts exist. */
    userId: uuid('user_id').references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** Whatever the flow carries between its steps (e.g. the chosen clinic); never a secret in clear. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('one_time_tokens_user_idx').on(table.userId, table.purpose)],
);
