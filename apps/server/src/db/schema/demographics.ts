import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { departments } from './clinics.ts';

// spec 2 §3 Demographics (decision 0021): what the users table does not already hold (names, birthdate,
// gender, email, phones and timezone stay there). One row per patient, written by the demographics task.
export const patientDemographics = pgTable('patient_demographics', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  language: text('language'),
  contactPreference: text('contact_preference'),
  maritalStatus: text('marital_status'),
  raceCode: text('race_code'),
  ethnicCode: text('ethnic_code'),
  homePhone: text('home_phone'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  zip: text('zip'),
  countryId: text('country_id'),
  stateId: text('state_id'),
  emergencyName: text('emergency_name'),
  emergencyRelationship: text('emergency_relationship'),
  /** E.164, a US mobile number (spec 2 §5). */
  emergencyPhone: text('emergency_phone'),
  /** The department of the visit the patient last confirmed their details for (spec 2 §7 departmentUuid). */
  departmentId: uuid('department_id').references(() => departments.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
