import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics } from './clinics.ts';

// spec 3 §7 Provider data storage: a signed-in provider's own small settings by key
// (insuranceFilters, videoCallPreferences), validated per key by @app/contracts/provider-data.
export const providerData = pgTable(
  'provider_data',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

// spec 3 §2 patient view, time-recorder tab (decision 0025): time a provider spent on a patient at a
// clinic. At most one running entry (stopped_at null) per provider and patient, by a partial unique
// index, so two Start clicks cannot start two timers.
export const patientTimeEntries = pgTable(
  'patient_time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    providerUserId: uuid('provider_user_id')
      .notNull()
      .references(() => users.id),
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    note: text('note'),
  },
  (table) => [
    index('patient_time_entries_owner_idx').on(table.providerUserId, table.patientUserId, table.startedAt),
    uniqueIndex('patient_time_entries_running_idx')
      .on(table.providerUserId, table.patientUserId)
      .where(sql`${table.stoppedAt} is null`),
  ],
);
