import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics, consultationTypes, departments, providers } from './clinics.ts';

// spec 2 §3 scheduling entities: what a provider offers, when they are away, appointments, holds and
// the waitlist. Availability itself is computed (provider_schedules minus the rest), never stored.

/** spec 2 §2 'Insurance' filter. */
export const insurances = pgTable('insurances', {
  id: uuid('id').primaryKey().defaultRandom(),
  clinicId: uuid('clinic_id')
    .notNull()
    .references(() => clinics.id),
  name: text('name').notNull(),
});

export const providerInsurances = pgTable(
  'provider_insurances',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    insuranceId: uuid('insurance_id')
      .notNull()
      .references(() => insurances.id),
  },
  (table) => [primaryKey({ columns: [table.providerId, table.insuranceId] })],
);

/** Care-manager advanced filter values (spec 2 §2): language, modality, gender, allyship, ethnicity. */
export const schedulingFilterOptions = pgTable(
  'scheduling_filter_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    kind: text('kind', { enum: ['language', 'modality', 'gender', 'allyship', 'ethnicity'] }).notNull(),
    name: text('name').notNull(),
  },
  (table) => [index('scheduling_filter_options_clinic_idx').on(table.clinicId, table.kind)],
);

export const providerFilterOptions = pgTable(
  'provider_filter_options',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    optionId: uuid('option_id')
      .notNull()
      .references(() => schedulingFilterOptions.id),
  },
  (table) => [primaryKey({ columns: [table.providerId, table.optionId] })],
);

/**
 * spec 2 §7 "provider department and consultation type list": which consultation types a provider
 * offers in which department, with the booking window of spec 2 §3 settings (ignored by the care manager).
 */
export const providerConsultationTypes = pgTable(
  'provider_consultation_types',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    consultationTypeId: uuid('consultation_type_id')
      .notNull()
      .references(() => consultationTypes.id),
    bookingOpenDate: date('booking_open_date'),
    bookingCloseDate: date('booking_close_date'),
  },
  (table) => [primaryKey({ columns: [table.providerId, table.departmentId, table.consultationTypeId] })],
);

/** Time a provider is away (holiday, training): no slots are offered inside it. */
export const providerTimeOff = pgTable(
  'provider_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    finishAt: timestamp('finish_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
  },
  (table) => [
    index('provider_time_off_provider_idx').on(table.providerId, table.startAt),
    check('provider_time_off_range', sql`${table.finishAt} > ${table.startAt}`),
  ],
);

/**
 * spec 2 §3 Appointment. Live appointments of one provider never overlap: the migration adds
 * `EXCLUDE USING gist (provider_id WITH =, tstzrange(start_at, finish_at) WITH &&) WHERE status <> 'cancelled'`
 * (drizzle-kit cannot express it), so double booking is impossible by construction (ARCHITECTURE.md).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The id used by links that work without a login (public get by uuid). */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    consultationTypeId: uuid('consultation_type_id')
      .notNull()
      .references(() => consultationTypes.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    finishAt: timestamp('finish_at', { withTimezone: true }).notNull(),
    type: text('type', { enum: ['video_call', 'office'] }).notNull(),
    status: text('status', { enum: ['booked', 'confirmed', 'cancelled', 'completed'] })
      .notNull()
      .default('booked'),
    comment: text('comment'),
    externalId: text('external_id'),
    bookedByUserId: uuid('booked_by_user_id')
      .notNull()
      .references(() => users.id),
    /** Set on the new appointment of a reschedule. */
    rescheduledFromId: uuid('rescheduled_from_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByUserId: uuid('cancelled_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('appointments_provider_start_idx').on(table.providerId, table.startAt),
    index('appointments_patient_start_idx').on(table.patientUserId, table.startAt),
    index('appointments_clinic_start_idx').on(table.clinicId, table.startAt),
    check('appointments_range', sql`${table.finishAt} > ${table.startAt}`),
  ],
);

/**
 * A slot held while someone books it (issue 4 "freeze"): not offered to others until it expires
 * (at most SLOT_HOLD_MINUTES) or the appointment is created. Expired rows are ignored and swept.
 */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    consultationTypeId: uuid('consultation_type_id')
      .notNull()
      .references(() => consultationTypes.id),
    /** The patient the slot is held for. */
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => users.id),
    /** Who asked for the hold: the patient, or a provider booking for them. */
    heldByUserId: uuid('held_by_user_id')
      .notNull()
      .references(() => users.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    finishAt: timestamp('finish_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('slot_holds_provider_start_idx').on(table.providerId, table.startAt),
    index('slot_holds_patient_idx').on(table.patientUserId),
  ],
);

/**
 * spec 2 §7 "Add to waitlist by clinic and appointment": the patient would take an earlier time with the
 * same provider and consultation type. When an appointment is cancelled, the first waiting entry is
 * offered the freed slot by message (issue 4).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    consultationTypeId: uuid('consultation_type_id')
      .notNull()
      .references(() => consultationTypes.id),
    addedByUserId: uuid('added_by_user_id')
      .notNull()
      .references(() => users.id),
    /** waiting: in line; offered: a freed slot was sent; closed: booked, cancelled or removed. */
    status: text('status', { enum: ['waiting', 'offered', 'closed'] })
      .notNull()
      .default('waiting'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offeredSlotStartAt: timestamp('offered_slot_start_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('waitlist_entries_appointment_unique').on(table.appointmentId),
    index('waitlist_entries_queue_idx').on(table.providerId, table.consultationTypeId, table.createdAt),
  ],
);

/**
 * Issue 20 item 3, decision 0070: a counter per provider, raised by triggers (migration 0023) in the
 * same statement, hence the same transaction, as every write to what a slot search reads of that
 * provider: appointments, slot holds, time off and weekly hours. A cached slot answer is served only
 * while the version it was computed at is still the current one, on every instance. No row = 0.
 */
export const providerSlotVersions = pgTable('provider_slot_versions', {
  providerId: uuid('provider_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
