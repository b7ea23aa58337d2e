import { bigint, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PATIENT_STATUSES, VISIT_STATUSES } from '@app/contracts/provider-schedule';
import { users } from './accounts.ts';
import { clinics, departments } from './clinics.ts';
import { appointments } from './scheduling.ts';

// spec 3 §4 (decision 0024): where a patient is on the day of an appointment (patient status) and how
// far the visit went (visit status), as the schedule and the waiting rooms show them. The 'outside'
// quick link writes check_ins.outside_at instead; the read model takes the later of the two.

export const appointmentVisits = pgTable('appointment_visits', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id),
  patientStatus: text('patient_status', { enum: PATIENT_STATUSES }),
  patientStatusAt: timestamp('patient_status_at', { withTimezone: true }),
  visitStatus: text('visit_status', { enum: VISIT_STATUSES }),
  visitStatusAt: timestamp('visit_status_at', { withTimezone: true }),
  lastCalledInAt: timestamp('last_called_in_at', { withTimezone: true }),
  reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id),
});

/** spec 3 §3 Walk-in (in-line): someone who got in line without an appointment. */
export const walkIns = pgTable(
  'walk_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthdate: date('birthdate'),
    eta: timestamp('eta', { withTimezone: true }),
    /** Set by the Arrived button: the person leaves the line. */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('walk_ins_clinic_idx').on(table.clinicId, table.createdAt)],
);

/**
 * Issue 20, decision 0075: a counter per clinic, raised by triggers (migration 0024) in the same
 * statement, hence the same transaction, as every write to what the provider's day schedule shows of
 * that clinic. A cached schedule is served only while the version it was computed at is still the
 * current one, on every instance. No row = 0.
 */
export const clinicScheduleVersions = pgTable('clinic_schedule_versions', {
  clinicId: uuid('clinic_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
