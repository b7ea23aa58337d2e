import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics, departments } from './clinics.ts';

/** spec 3 §3 Waiting time entry: a department's buffer time, in seconds. */
export const waitingTimes = pgTable('waiting_times', {
  id: uuid('id').primaryKey().defaultRandom(),
  clinicId: uuid('clinic_id')
    .notNull()
    .references(() => clinics.id),
  departmentId: uuid('department_id')
    .notNull()
    .unique()
    .references(() => departments.id),
  bufferTimeSeconds: integer('buffer_time_seconds').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** spec 3 §2 Newsfeed: the clinic's news items. */
export const newsItems = pgTable(
  'news_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_items_clinic_idx').on(table.clinicId, table.publishedAt)],
);

/** spec 3 §2 Worklist (flows): work items of a clinic, optionally about one patient. */
export const flows = pgTable(
  'flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientUserId: uuid('patient_user_id').references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    dueDate: text('due_date'),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('flows_clinic_idx').on(table.clinicId, table.createdAt)],
);

/** spec 3 §2 Follow Up List: remote patient monitoring alerts; new until a provider marks them seen. */
export const followUpAlerts = pgTable(
  'follow_up_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    severity: text('severity', { enum: ['info', 'warning', 'critical'] })
      .notNull()
      .default('warning'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    seenByUserId: uuid('seen_by_user_id').references(() => users.id),
  },
  (table) => [index('follow_up_alerts_clinic_idx').on(table.clinicId, table.createdAt)],
);

/** spec 3 §2 Tracker (patient navigation): a patient's stage on the clinic's care path (decision 0027). */
export const patientNavigation = pgTable(
  'patient_navigation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => users.id),
    stage: text('stage', {
      enum: ['referral', 'intake', 'diagnostics', 'treatment', 'follow-up', 'completed'],
    })
      .notNull()
      .default('referral'),
    note: text('note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('patient_navigation_clinic_idx').on(table.clinicId)],
);
