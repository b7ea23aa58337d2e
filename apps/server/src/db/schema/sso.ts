import { pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Provider single sign-on (spec 1 §4, decision 0011): which provider account an EHR's OpenID Connect
 * subject signs in as. One row per (EHR, subject); a subject never moves to another account.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'athenahealth' or 'ecw'. */
    provider: text('provider').notNull(),
    /** The ID token's `sub` at that EHR. */
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('sso_identities_provider_subject_unique').on(table.provider, table.subject)],
);
