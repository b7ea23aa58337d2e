import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * spec 3 §2 Family accounts: a primary user's linked family members (decision 0027). The link is
 * made once the member's own credentials were shown; the primary user may then switch to the member.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    primaryUserId: uuid('primary_user_id')
      .notNull()
      .references(() => users.id),
    memberUserId: uuid('member_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('family_members_link_unique').on(table.primaryUserId, table.memberUserId),
    index('family_members_primary_idx').on(table.primaryUserId),
    check('family_members_not_self', sql`${table.primaryUserId} <> ${table.memberUserId}`),
  ],
);
