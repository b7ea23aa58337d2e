import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clinics } from './clinics.ts';

// Uploaded and generated files (decision 0022). The bytes live in the file store (local DATA_DIR or an
// S3-compatible store) under a key we chose; this row says whose they are, what they are and what
// their SHA-256 was when stored, so every read can check that the bytes were not changed.

export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The file store key: `<area>/<uuid>.<ext>`, never derived from the client's file name. */
    storageKey: text('storage_key').notNull().unique(),
    /** Why the file exists ('insurance-card', 'signed-document'): whose routes may link it. */
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    /** The name offered in Content-Disposition, chosen by us. */
    downloadName: text('download_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** The patient the file belongs to: they may read it, and so may the providers of `clinicId`. */
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id),
    clinicId: uuid('clinic_id').references(() => clinics.id),
    uploadedByUserId: uuid('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stored_files_owner_idx').on(table.ownerUserId, table.purpose)],
);
