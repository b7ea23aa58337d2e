import { z } from 'zod';
import { appointmentStatusSchema } from './appointments.ts';
import { insuranceCardKindSchema } from './insurance.ts';

// Issue 16 (decision 0033): the patient's documents (/user/documents) — signed documents, insurance
// card photos and the documents a patient attaches to an appointment (spec 2 §2 "Summary and details"
// attachments, §3 Appointment attachments (href, fileName)). Paths are ours.

/** The longest title a patient may give a document (shown in lists, used in the download name). */
export const ATTACHMENT_TITLE_MAX = 100;
/** A sensible bound per appointment: enough for a referral, results and a medicine list. */
export const ATTACHMENTS_PER_APPOINTMENT_MAX = 10;

export const ATTACHMENT_TITLE_REQUIRED_TEXT = 'Please give the document a title.';
export const ATTACHMENT_TITLE_TOO_LONG_TEXT = `The title can be at most ${ATTACHMENT_TITLE_MAX} characters.`;
export const ATTACHMENT_NOT_FOUND_TEXT = 'Document not found.';
export const ATTACHMENT_NOT_UPCOMING_TEXT =
  'Documents can only be added to an upcoming appointment. This appointment has already started or taken place.';
export const ATTACHMENT_CANCELLED_TEXT = 'This appointment is cancelled, so documents cannot be added to it.';
export const ATTACHMENT_REMOVE_STARTED_TEXT =
  'This appointment has already started, so its documents can no longer be removed.';
export const ATTACHMENT_LIMIT_TEXT = `An appointment can have at most ${ATTACHMENTS_PER_APPOINTMENT_MAX} documents.`;

/** The multipart text field next to the file (field `file`) of an attachment upload. */
export const attachmentFieldsSchema = z.object({
  title: z
    .string({ error: ATTACHMENT_TITLE_REQUIRED_TEXT })
    .trim()
    .min(1, ATTACHMENT_TITLE_REQUIRED_TEXT)
    .max(ATTACHMENT_TITLE_MAX, ATTACHMENT_TITLE_TOO_LONG_TEXT),
});
export type AttachmentFields = z.infer<typeof attachmentFieldsSchema>;

export const attachmentParamsSchema = z.object({
  id: z.uuid('The appointment id is not valid'),
  fileId: z.uuid('The document id is not valid'),
});

/** One document attached to an appointment. */
export const attachmentSchema = z.object({
  fileId: z.string(),
  appointmentId: z.string(),
  title: z.string(),
  /** The name to show and to save the file under: the title with the file's extension. */
  fileName: z.string(),
  /** GET /api/files/:fileId (the patient and the providers of the appointment's clinic). */
  href: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  addedAt: z.string(),
  /** Whether the caller may remove it now (the patient, until the appointment starts). */
  canRemove: z.boolean(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({ items: z.array(attachmentSchema) });
export type AttachmentList = z.infer<typeof attachmentListSchema>;

/** An appointment with its documents (the documents screen groups them this way). */
export const attachmentAppointmentSchema = z.object({
  appointmentId: z.string(),
  clinicUuid: z.string(),
  clinicName: z.string(),
  /** ISO with the department's offset, like the appointment read model. */
  startAt: z.string(),
  timezone: z.string(),
  doctorName: z.string(),
  consultationTypeTitle: z.string(),
  status: appointmentStatusSchema,
  /** Upcoming and not cancelled: the patient may add a document to it now. */
  canAddDocuments: z.boolean(),
  attachments: z.array(attachmentSchema),
});
export type AttachmentAppointment = z.infer<typeof attachmentAppointmentSchema>;

export const patientSignedDocumentSchema = z.object({
  signedDocumentId: z.string(),
  title: z.string(),
  clinicName: z.string(),
  signerName: z.string(),
  signedAt: z.string(),
  href: z.string(),
  fileName: z.string(),
});
export type PatientSignedDocument = z.infer<typeof patientSignedDocumentSchema>;

const cardPhotoSchema = z.object({ href: z.string(), fileName: z.string() });

export const patientInsuranceCardSchema = z.object({
  id: z.string(),
  clinicUuid: z.string(),
  clinicName: z.string(),
  kind: insuranceCardKindSchema,
  ircName: z.string(),
  planName: z.string(),
  insuranceNumber: z.string(),
  updatedAt: z.string(),
  front: cardPhotoSchema,
  back: cardPhotoSchema.nullable(),
});
export type PatientInsuranceCard = z.infer<typeof patientInsuranceCardSchema>;

/** GET /api/documents/mine: everything the signed-in patient (or the switched family member) holds. */
export const myDocumentsSchema = z.object({
  signedDocuments: z.array(patientSignedDocumentSchema),
  insuranceCards: z.array(patientInsuranceCardSchema),
  /**
   * Upcoming appointments (a document can be added to them) and every other appointment that has
   * documents, soonest first.
   */
  appointments: z.array(attachmentAppointmentSchema),
});
export type MyDocuments = z.infer<typeof myDocumentsSchema>;

/** The provider's patient documents tab: the patient's appointments at this clinic that have documents. */
export const providerPatientAttachmentsSchema = z.object({
  appointments: z.array(attachmentAppointmentSchema),
});
export type ProviderPatientAttachments = z.infer<typeof providerPatientAttachmentsSchema>;
