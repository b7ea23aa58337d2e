import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tasks } from './check-in.ts';
import { clinics } from './clinics.ts';
import { storedFiles } from './files.ts';

// Issue 5 item 8: documents a clinic asks patients to sign (a sign-document task's config lists their
// ids), and the signed results: a PDF in the file store whose SHA-256 is kept on its stored_files row.

export const signDocuments = pgTable('sign_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  clinicId: uuid('clinic_id')
    .notNull()
    .references(() => clinics.id),
  title: text('title').notNull(),
  /** The text to sign, as paragraphs (rendered on screen and into the signed PDF). */
  paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const signedDocuments = pgTable(
  'signed_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => signDocuments.id),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    signerName: text('signer_name').notNull(),
    /** spec 3 §3 "Signature: typed text or drawn image". */
    signatureKind: text('signature_kind', { enum: ['drawn', 'typed'] }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // One signature per document and task: signing twice (two tabs) cannot make two results.
    uniqueIndex('signed_documents_task_document_idx').on(table.taskId, table.documentId),
    index('signed_documents_user_idx').on(table.userId),
  ],
);
