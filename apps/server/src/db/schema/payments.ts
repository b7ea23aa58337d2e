import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics } from './clinics.ts';
import { tasks } from './check-in.ts';
import { appointments } from './scheduling.ts';

// Issue 5 item 9 (decision 0021): what a patient owes a clinic, and every attempt to pay. Card numbers
// are never stored: the last four digits and the brand only.

export const balanceItems = pgTable(
  'balance_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Set when a successful transaction paid it. */
    paidByTransactionId: uuid('paid_by_transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('balance_items_user_idx').on(table.userId),
    check('balance_items_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    kind: text('kind', { enum: ['balance', 'copay'] }).notNull(),
    taskId: uuid('task_id').references(() => tasks.id),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['succeeded', 'declined'] }).notNull(),
    /** The processor's reason for a decline (card_declined, insufficient_funds). */
    declineCode: text('decline_code'),
    processor: text('processor').notNull(),
    processorReference: text('processor_reference'),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    /** Only successful payments have a receipt. */
    receiptNumber: text('receipt_number').unique(),
    paidByUserId: uuid('paid_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_transactions_user_idx').on(table.userId),
    check('payment_transactions_last4', sql`${table.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);
