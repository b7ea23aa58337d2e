import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Answer, Form } from '@app/contracts/questionnaires';
import { users } from './accounts.ts';
import { tasks } from './check-in.ts';
import { clinics } from './clinics.ts';
import { appointments } from './scheduling.ts';

// spec 2 §3 Questionnaire (decision 0020). A form's definition is the contract's Form, stored as jsonb
// and parsed through `formSchema` on the way in (seed) and out. A response is one patient's answers to
// one form for one task; saving again replaces them.

export const questionnaireForms = pgTable(
  'questionnaire_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    title: text('title').notNull(),
    /** The Form without its formId (the row id is the form id) and with empty answers. */
    definition: jsonb('definition').$type<Omit<Form, 'formId'>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('questionnaire_forms_clinic_idx').on(table.clinicId)],
);

export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => questionnaireForms.id),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id),
    /** null for on-the-fly tasks. */
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => users.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    /** Answers by field id, after exclusions (spec 2 §4: excluded answers cleared). */
    answers: jsonb('answers').$type<Record<string, Answer>>().notNull(),
    /** Who pressed save: the patient, or the provider's session in self check-in. */
    submittedBy: uuid('submitted_by')
      .notNull()
      .references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('questionnaire_responses_task_form_idx').on(table.taskId, table.formId),
    index('questionnaire_responses_patient_idx').on(table.patientUserId, table.submittedAt),
  ],
);
