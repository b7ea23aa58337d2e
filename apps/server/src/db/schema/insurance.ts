import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INSURANCE_CARD_KINDS, INSURANCE_CARD_STATUSES } from '@app/contracts/insurance';
import { users } from './accounts.ts';
import { clinics } from './clinics.ts';
import { storedFiles } from './files.ts';

// spec 2 §3 insurance card details, spec 3 §3 insurance card entity and §4 its review statuses. One card
// per patient, clinic and kind; a new or changed card goes (back) to status 'new', the review queue.

export const insuranceCards = pgTable(
  'insurance_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: INSURANCE_CARD_KINDS }).notNull(),
    frontFileId: uuid('front_file_id')
      .notNull()
      .references(() => storedFiles.id),
    backFileId: uuid('back_file_id').references(() => storedFiles.id),
    insuranceNumber: text('insurance_number').notNull(),
    /** The payer (spec 3 §3 "ircName (payer)"). */
    ircName: text('irc_name').notNull(),
    planName: text('plan_name').notNull(),
    policyHolderName: text('policy_holder_name').notNull(),
    status: text('status', { enum: INSURANCE_CARD_STATUSES }).notNull().default('new'),
    /** The appointments whose check-ins sent this card (spec 3 §3 listAppointmentId). */
    listAppointmentId: uuid('list_appointment_id').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('insurance_cards_owner_kind_idx').on(table.clinicId, table.userId, table.kind),
    index('insurance_cards_queue_idx').on(table.clinicId, table.status, table.updatedAt),
  ],
);
