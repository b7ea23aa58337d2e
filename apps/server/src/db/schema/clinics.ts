import { sql } from 'drizzle-orm';
import { ACL_ROLES } from '@app/contracts/clinic-lists';
import { users } from './accounts.ts';
import {
  boolean,
  integer,
  pgTable,
  text,
  time,
  timestamp,
  uuid,
  smallint,
  index,
  unique,
} from 'drizzle-orm/pg-core';

export const clinics = pgTable('clinics', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The number a person types on 'Log in with your Clinic ID' (spec 1 §2). */
  clinicNumber: integer('clinic_number').notNull().unique(),
  name: text('name').notNull(),
  masterPasswordHash: text('master_password_hash'),
  /**
   * spec 3 §2 Master password panel shows the password, so it is also kept recoverably: AES-256-GCM
   * with a key derived from the server secret (decision 0027). The login checks the hash only.
   */
  masterPasswordEncrypted: text('master_password_encrypted'),
  logo: text('logo'),
  backgroundColor: text('background_color'),
  checkInFlowColor: text('check_in_flow_color'),
  /** Clinic modules (waitlist, recurring visit, advanced scheduling, ...). */
  modules: text('modules')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** spec 2 §6 canPatientCancel: a patient may cancel online only this long before the start. */
  patientCancelNoticeMinutes: integer('patient_cancel_notice_minutes').notNull().default(1440),
  /** spec 2 §6: the waitlist is hidden for patients whose clinic_patients.source is listed here. */
  waitlistHiddenSources: text('waitlist_hidden_sources')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** spec 2 §2 summary buttons: 'new' shows COMPLETE TASKS, 'old' the "Prepare for your appointment" text. */
  checkInFlow: text('check_in_flow', { enum: ['new', 'old'] })
    .notNull()
    .default('new'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    name: text('name').notNull(),
    /** IANA time zone; schedules are read in it. */
    timezone: text('timezone').notNull(),
    address: text('address'),
    city: text('city'),
    /** State code (stateId of spec 2 §3), e.g. NY. */
    state: text('state'),
    /** spec 2 §6: apps other than the care manager list only departments open for scheduling. */
    isScheduling: boolean('is_scheduling').notNull().default(true),
  },
  (table) => [index('departments_clinic_idx').on(table.clinicId)],
);

/** spec 2 §2 'Visit Type' filter: groups of consultation types (in person, telehealth, ...). */
export const visitTypes = pgTable('visit_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  clinicId: uuid('clinic_id')
    .notNull()
    .references(() => clinics.id),
  name: text('name').notNull(),
});

/** spec 2 §2 'Specialty' filter. */
export const specialties = pgTable('specialties', {
  id: uuid('id').primaryKey().defaultRandom(),
  clinicId: uuid('clinic_id')
    .notNull()
    .references(() => clinics.id),
  name: text('name').notNull(),
});

export const consultationTypes = pgTable(
  'consultation_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    name: text('name').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    isTelehealth: boolean('is_telehealth').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    allowWaitlist: boolean('allow_waitlist').notNull().default(false),
    /** spec 2 §3 comment rules of the reason text. */
    commentLength: smallint('comment_length').notNull().default(250),
    isCommentRequired: boolean('is_comment_required').notNull().default(false),
    isShowComment: boolean('is_show_comment').notNull().default(true),
    /** The grey 'Important' message (spec 2 §2). */
    message: text('message'),
    visitTypeId: uuid('visit_type_id').references(() => visitTypes.id),
    /** spec 2 §6 care manager: an office visit of this type may be converted to telehealth. */
    isConvertRequired: boolean('is_convert_required').notNull().default(false),
  },
  (table) => [index('consultation_types_clinic_idx').on(table.clinicId)],
);

/** A provider's membership in a clinic, with the permissions they hold there (spec 3 §6). */
export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    title: text('title'),
    /** spec 3 §2 insurance filter lists only provider, physician and member physician (clinic-lists.ts). */
    aclRole: text('acl_role', { enum: ACL_ROLES }).notNull().default('provider'),
    specialty: text('specialty'),
    specialtyId: uuid('specialty_id').references(() => specialties.id),
    /** spec 2 §3 Provider permission: listed for booking only with one of these (spec 2 §2). */
    scheduling: boolean('scheduling').notNull().default(true),
    groupScheduling: boolean('group_scheduling').notNull().default(false),
    acceptingNewPatients: boolean('accepting_new_patients').notNull().default(true),
    /** Ages of patients this provider sees (care-manager date-of-birth filter); null = any. */
    patientMinAge: smallint('patient_min_age'),
    patientMaxAge: smallint('patient_max_age'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [unique('providers_user_clinic_unique').on(table.userId, table.clinicId)],
);

/** Weekly working hours of a provider in one department, in that department's time zone. */
export const providerSchedules = pgTable(
  'provider_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    /** ISO weekday, 1 = Monday ... 7 = Sunday. */
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
  },
  (table) => [index('provider_schedules_provider_idx').on(table.providerId)],
);

/** Patients registered at a clinic. */
export const clinicPatients = pgTable(
  'clinic_patients',
  {
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    /** How the patient came to the clinic (portal, ehr, provider, kiosk); spec 2 §6 waitlist rule. */
    source: text('source').notNull().default('portal'),
  },
  (table) => [unique('clinic_patients_unique').on(table.clinicId, table.userId)],
);
