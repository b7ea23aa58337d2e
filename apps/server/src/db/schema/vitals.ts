import { date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics } from './clinics.ts';
import { tasks } from './check-in.ts';
import { appointments } from './scheduling.ts';

// Issue 5 item 10, spec 3 §9 vital keys (decision 0021): one row per entry of the vitals task, in US
// units (°F, lb, in), the units of the spec's chart axes.
export const vitalReadings = pgTable(
  'vital_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    taskId: uuid('task_id').references(() => tasks.id),
    pulse: integer('pulse'),
    systolicBp: integer('systolic_bp'),
    diastolicBp: integer('diastolic_bp'),
    temperature: numeric('temperature', { precision: 5, scale: 1, mode: 'number' }),
    weight: numeric('weight', { precision: 6, scale: 1, mode: 'number' }),
    height: numeric('height', { precision: 5, scale: 1, mode: 'number' }),
    bmi: numeric('bmi', { precision: 5, scale: 1, mode: 'number' }),
    oxygenSaturation: integer('oxygen_saturation'),
    pain: integer('pain'),
    recordedByUserId: uuid('recorded_by_user_id')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('vital_readings_user_idx').on(table.userId, table.recordedAt)],
);

/**
 * Issue 6 item 9 (decision 0028): the history of every spec 3 §3 vital key, one row per key and
 * measurement. The vitals task writes its reading here too (readingId); the patient's own entries and
 * the demo data have none. Values in the units of VITAL_LIMITS (contracts).
 */
export const vitalValues = pgTable(
  'vital_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    readingId: uuid('reading_id').references(() => vitalReadings.id),
    key: text('key').notNull(),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    recordedByUserId: uuid('recorded_by_user_id')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('vital_values_user_key_idx').on(table.userId, table.key, table.recordedAt)],
);

/** The health tab's Care Plans (spec 3 §2): per patient and clinic, written by the clinic's providers. */
export const carePlans = pgTable(
  'care_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('care_plans_user_idx').on(table.userId, table.clinicId)],
);

/** A goal targets one vital key: a lowest and/or highest value by a due date. */
export const carePlanGoals = pgTable(
  'care_plan_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carePlanId: uuid('care_plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    targetMin: numeric('target_min', { precision: 12, scale: 2, mode: 'number' }),
    targetMax: numeric('target_max', { precision: 12, scale: 2, mode: 'number' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('care_plan_goals_plan_idx').on(table.carePlanId)],
);

/** The health tab's Devices: a monitoring device ordered for or connected by the patient. */
export const monitoringDevices = pgTable(
  'monitoring_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    serialNumber: text('serial_number').notNull().default(''),
    requestedByUserId: uuid('requested_by_user_id')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('monitoring_devices_user_idx').on(table.userId, table.clinicId)],
);
