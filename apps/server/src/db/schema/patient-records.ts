import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics } from './clinics.ts';
import { storedFiles } from './files.ts';
import { appointments } from './scheduling.ts';

// Issue 16: what a patient adds to their record from the patient side — documents attached to an
// appointment (spec 2 §2, §3 "attachments") — and the invitations that connect a patient to a clinic
// (spec 1 §2 clinics, /user/provider/connect).

/** A stored file attached to an appointment; the patient and the appointment clinic's providers see it. */
export const appointmentAttachments = pgTable(
  'appointment_attachments',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** The name the patient gave the document (shown in lists), not the upload's file name. */
    title: text('title').notNull(),
    addedByUserId: uuid('added_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.appointmentId, table.fileId] }),
    index('appointment_attachments_file_idx').on(table.fileId),
  ],
);

/**
 * A clinic's invitation code: a patient who enters it (or opens its link) is connected to the clinic.
 * Codes are reusable until they expire or are revoked, like a practice's printed sign-up code.
 */
export const clinicInvitations = pgTable(
  'clinic_invitations',
  {
    /** Upper-case letters and digits, shown as typed; compared case-insensitively (stored upper). */
    code: text('code').primaryKey(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('clinic_invitations_clinic_idx').on(table.clinicId)],
);
