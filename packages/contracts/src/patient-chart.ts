import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';
import { addressSchema, emergencyContactSchema } from './demographics.ts';
import { balanceListSchema, transactionSchema } from './payments.ts';

// spec 3 §2 Patient search and Patient view shell tabs, §3 Patient, §7 Get patient. Clinic-scoped
// provider calls under /api/provider/clinics/:clinicId/patients (PATIENT permission; decision 0025).

export const patientChartParamsSchema = z.object({
  clinicId: z.uuid('The clinic id is not valid'),
  patientId: z.uuid('The patient id is not valid'),
});

/** spec 3 §3 Patient: id, userId, birthdate, image, name, firstName, preferredName, exactLink. */
export const chartPatientSchema = z.object({
  /** Our patient id is the patient's user id (decision 0017), so id and userId are equal. */
  id: z.string(),
  userId: z.string(),
  memberId: z.string(),
  birthdate: z.string().nullable(),
  image: z.string().nullable(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  /** An extra path below /provider/patient/{id} to open on select (spec 3 §2); null: the default tab. */
  exactLink: z.string().nullable(),
});
export type ChartPatient = z.infer<typeof chartPatientSchema>;

export const PATIENT_SEARCH_MIN = 2;
/** GET .../patients?query=&birthDate= : by name (each word a prefix of first or last name) or member id. */
export const patientSearchQuerySchema = z
  .object({
    query: singleLineText()
      .trim()
      .max(100, 'The search text is too long (at most 100 characters).')
      .default(''),
    birthDate: z.iso.date('The date of birth must be a date (yyyy-MM-dd).').optional(),
  })
  .refine((value) => value.query.length >= PATIENT_SEARCH_MIN || value.birthDate !== undefined, {
    message: `Type at least ${PATIENT_SEARCH_MIN} characters or a date of birth.`,
    path: ['query'],
  });
export const patientSearchResultSchema = z.object({ items: z.array(chartPatientSchema) });
export type PatientSearchResult = z.infer<typeof patientSearchResultSchema>;
export const PATIENT_SEARCH_LIMIT = 25;

/** Documents tab, Sign Documents: the patient's signed PDFs at this clinic. */
export const signedDocumentListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      signerName: z.string(),
      signedAt: z.string(),
      href: z.string(),
    }),
  ),
});
export type SignedDocumentList = z.infer<typeof signedDocumentListSchema>;

/** Payments tab: open balance and the payment history at this clinic. */
export const patientPaymentsSchema = z.object({
  balance: balanceListSchema,
  transactions: z.array(transactionSchema),
});
export type PatientPayments = z.infer<typeof patientPaymentsSchema>;

/** Address-and-contacts tab (read-only demographics contact information). */
export const patientContactsSchema = z.object({
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  homePhone: z.string().nullable(),
  address: addressSchema,
  emergency: emergencyContactSchema,
});
export type PatientContacts = z.infer<typeof patientContactsSchema>;

/** Time-recorder tab: time a provider spent on a patient (decision 0025). */
export const TIME_NOTE_MAX = 500;
export const timeEntrySchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  /** Whole seconds; for a running entry, up to now. */
  seconds: z.number().int().min(0),
  note: z.string().nullable(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;
export const timeEntryListSchema = z.object({
  items: z.array(timeEntrySchema),
  running: timeEntrySchema.nullable(),
  totalSeconds: z.number().int().min(0),
});
export type TimeEntryList = z.infer<typeof timeEntryListSchema>;
export const timeEntryParamsSchema = patientChartParamsSchema.extend({
  entryId: z.uuid('The entry id is not valid'),
});
export const stopTimeEntrySchema = z.object({
  note: multiLineText()
    .trim()
    .max(TIME_NOTE_MAX, `The note is too long (at most ${TIME_NOTE_MAX} characters).`)
    .optional(),
});
export const TIME_ENTRY_RUNNING_TEXT = 'A timer for this patient is already running.';
export const TIME_ENTRY_STOPPED_TEXT = 'This timer was already stopped.';
