import { integer, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';

/** Every email and SMS is written here first and delivered by the outbox worker (ARCHITECTURE.md). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // 'push': recipient is the user id, body the JSON payload (decision 0044). 'voice': an outbound
    // call kept locally by the dialer's default (decision 0043), never delivered. Text, so no migration.
    channel: text('channel', { enum: ['email', 'sms', 'push', 'voice'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** What the message is for (two-factor-code, activation-link, ...), for the dev page and audits. */
    purpose: text('purpose').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_pending_idx').on(table.status, table.nextAttemptAt),
    index('outbox_recipient_idx').on(table.recipient, table.createdAt),
    // The dev outbox's reading order, newest first, read backwards from its cursor (decision 0076).
    index('outbox_created_idx').on(table.createdAt, table.id),
  ],
);
