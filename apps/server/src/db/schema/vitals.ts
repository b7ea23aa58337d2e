import { index, integer, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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
