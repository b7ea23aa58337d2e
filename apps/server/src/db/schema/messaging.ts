import { bigserial, index, pgTable, primaryKey, text, timestamp, uuid, bigint } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics } from './clinics.ts';
import { outboxMessages } from './outbox.ts';

// spec 3 §2 secure messaging and bulk messaging (decision 0026).

/** A conversation between the patient and providers of one clinic (one patient at most). */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    subject: text('subject').notNull(),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('message_threads_clinic_idx').on(table.clinicId, table.lastMessageAt)],
);

/**
 * Who takes part in a thread, and how far they have read: `lastReadSeq` is the sequence number of
 * the last message they saw. A sequence (not a time) so two messages of one millisecond stay apart.
 */
export const messageThreadParticipants = pgTable(
  'message_thread_participants',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['patient', 'provider'] }).notNull(),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.threadId, table.userId] }),
    index('message_thread_participants_user_idx').on(table.userId),
  ],
);

export const threadMessages = pgTable(
  'thread_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderUserId: uuid('sender_user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('thread_messages_thread_idx').on(table.threadId, table.seq)],
);

/** spec 3 §2 patient/sms-templates: a clinic's reusable text messages with {placeholders}. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sms_templates_clinic_idx').on(table.clinicId)],
);

/** One bulk send: the text as written; each recipient is a clinic_sms_messages row. */
export const bulkMessages = pgTable(
  'bulk_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    senderUserId: uuid('sender_user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('bulk_messages_clinic_idx').on(table.clinicId, table.createdAt)],
);

/**
 * A text message from a clinic to one patient (sent alone or as part of a bulk send). Delivery state
 * is read from the outbox row; a message that was never queued keeps its reason in `skipReason`.
 */
export const clinicSmsMessages = pgTable(
  'clinic_sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => users.id),
    senderUserId: uuid('sender_user_id')
      .notNull()
      .references(() => users.id),
    bulkMessageId: uuid('bulk_message_id').references(() => bulkMessages.id),
    /** The text as the patient receives it (placeholders filled in). */
    body: text('body').notNull(),
    outboxMessageId: uuid('outbox_message_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
    skipReason: text('skip_reason', { enum: ['opted-out', 'no-phone'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('clinic_sms_patient_idx').on(table.clinicId, table.patientUserId, table.createdAt),
    index('clinic_sms_bulk_idx').on(table.bulkMessageId),
  ],
);

/**
 * Patients who asked not to get text messages from clinics (replied STOP, told the front desk, or
 * switched it off themselves). There was no contact-preference flag for this: the demographics
 * contactPreference is the preferred channel, not a refusal (decision 0026).
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
});
