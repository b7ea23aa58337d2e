import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets the server generates for itself outside production (e.g. the token signing key),
 *  kept in the database so every instance of a deployment shares them. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
