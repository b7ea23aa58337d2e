import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TASK_ACTION_TYPES, TASK_STATUSES, TASK_VALUE_TYPES } from '@app/contracts/check-in';
import { users } from './accounts.ts';
import { clinics, consultationTypes, departments } from './clinics.ts';
import { appointments } from './scheduling.ts';

// spec 2 §3 check-in tasks (decision 0018). A task setting says which task a clinic asks for, for which
// department, consultation type and language; a task is one setting's instance for one appointment
// (or, for on-the-fly tasks, for one patient without an appointment).

export const taskSettings = pgTable(
  'task_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    /** null: every department of the clinic. */
    departmentId: uuid('department_id').references(() => departments.id),
    /** null: every consultation type. */
    consultationTypeId: uuid('consultation_type_id').references(() => consultationTypes.id),
    /** The patient's language ('en', 'es'); null: any language. */
    language: text('language'),
    title: text('title').notNull(),
    description: text('description'),
    actionType: text('action_type', { enum: TASK_ACTION_TYPES }).notNull(),
    valueType: text('value_type', { enum: TASK_VALUE_TYPES }).notNull().default('REGULAR'),
    /** Video tasks (e.g. a device check before a telehealth visit) do not hold up the check-in. */
    isVideo: boolean('is_video').notNull().default(false),
    /** On-the-fly tasks are sent to a patient outside any appointment (spec 2 §4). */
    isOnFly: boolean('is_on_fly').notNull().default(false),
    /** What the task's page needs: questionnaire form ids, documents to sign, the copay amount... */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    order: integer('order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('task_settings_clinic_idx').on(table.clinicId, table.isActive)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** null for on-the-fly tasks. */
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    settingId: uuid('setting_id')
      .notNull()
      .references(() => taskSettings.id),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('NEW'),
    /** Attachments the patient added while doing the task (spec 2 §7 listAttachmentId). */
    listAttachmentId: jsonb('list_attachment_id').$type<string[]>().notNull().default([]),
    dueAt: timestamp('due_at', { withTimezone: true }),
    accessedAt: timestamp('accessed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One task per setting and appointment: instantiating twice (two tabs) cannot duplicate a task.
    uniqueIndex('tasks_appointment_setting_idx')
      .on(table.appointmentId, table.settingId)
      .where(sql`${table.appointmentId} is not null`),
    // One open on-the-fly task per setting and patient.
    uniqueIndex('tasks_on_fly_setting_idx')
      .on(table.userId, table.settingId)
      .where(sql`${table.appointmentId} is null and ${table.status} <> 'DONE'`),
    index('tasks_user_idx').on(table.userId, table.createdAt),
  ],
);

/** spec 2 §4: a check-in is finished when all its non-video tasks are done (one row per appointment). */
export const checkIns = pgTable('check_ins', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Set by the 'outside' quick link: the patient waits outside (the drive-up queue of spec 3). */
  outsideAt: timestamp('outside_at', { withTimezone: true }),
  /** Self check-in (kiosk) or the patient's own device. */
  mode: text('mode', { enum: ['patient', 'self_check_in'] })
    .notNull()
    .default('patient'),
});

/** POST /api/statistic/appointment/check-in: what happened in check-ins, for the clinic's figures. */
export const checkInEvents = pgTable(
  'check_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('check_in_events_appointment_idx').on(table.appointmentId, table.createdAt)],
);

/**
 * Quick links (spec 2 §2 Quick-link entry): single-use, expiring codes issued by the server and sent
 * through the outbox. Only the code's SHA-256 is stored.
 */
export const quickLinks = pgTable(
  'quick_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    type: text('type', {
      enum: ['careplan', 'check-in', 'outside', 'on-fly', 'messaging', 'confirm'],
    }).notNull(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    taskId: uuid('task_id').references(() => tasks.id),
    threadId: text('thread_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('quick_links_user_idx').on(table.userId),
    check('quick_links_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);
