import { APPOINTMENT_NOT_FOUND_TEXT } from '@app/contracts/appointments';
import { fileHref } from '@app/contracts/files';
import {
  ATTACHMENT_CANCELLED_TEXT,
  ATTACHMENT_LIMIT_TEXT,
  ATTACHMENT_NOT_FOUND_TEXT,
  ATTACHMENT_NOT_UPCOMING_TEXT,
  ATTACHMENT_REMOVE_STARTED_TEXT,
  ATTACHMENTS_PER_APPOINTMENT_MAX,
  attachmentFieldsSchema,
  type Attachment,
  type AttachmentAppointment,
  type AttachmentList,
  type ProviderPatientAttachments,
} from '@app/contracts/patient-documents';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { cleanDocument } from '../../platform/files/document-upload.ts';
import type { Upload } from '../../platform/files/multipart-upload.ts';
import {
  fileStoreOf,
  insertStoredFile,
  putFileBytes,
  removeFileBytes,
} from '../../platform/files/stored-files.ts';
import { HttpError } from '../../platform/http-error.ts';
import { doctorNameOf, isoInZone } from '../appointments/appointment-read-model.ts';
import { isClinicPatient } from '../scheduling/catalogue.repository.ts';
import {
  attachmentsOf,
  clinicPatientDocumentAppointments,
  countAttachments,
  deleteAttachment,
  findAppointmentOwner,
  findAttachment,
  insertAttachment,
  lockAppointmentRow,
  type AppointmentOwner,
  type AttachmentRow,
  type DocumentAppointmentRow,
} from './attachments.repository.ts';

// Issue 16 item 2 (decision 0033): documents a patient attaches to their own upcoming appointment
// (spec 2 §2 "Summary and details" attachments, §3 Appointment attachments). Stored through the files
// platform (decision 0022): purpose 'appointment-attachment', owner the patient, clinic the
// appointment's, so GET /api/files/:fileId serves them to the patient and the clinic's providers only.

export const ATTACHMENT_PURPOSE = 'appointment-attachment';
const PATIENT_NOT_FOUND_TEXT = 'Patient not found.';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

function appointmentNotFound(): HttpError {
  // Someone else's appointment answers exactly like one that does not exist.
  return new HttpError(404, APPOINTMENT_NOT_FOUND_TEXT, {
    code: 'appointment_not_found',
    errors: [{ detail: APPOINTMENT_NOT_FOUND_TEXT }],
  });
}

function attachmentNotFound(): HttpError {
  return new HttpError(404, ATTACHMENT_NOT_FOUND_TEXT, {
    code: 'attachment_not_found',
    errors: [{ detail: ATTACHMENT_NOT_FOUND_TEXT }],
  });
}

function conflict(message: string, code: string): HttpError {
  return new HttpError(409, message, { code, errors: [{ detail: message }] });
}

function isLive(status: string): boolean {
  return status === 'booked' || status === 'confirmed';
}

/** Documents are added to an appointment that is still ahead and not cancelled. */
function refusalToAdd(
  appointment: Pick<AppointmentOwner, 'status' | 'startAt'>,
  now: Date,
): HttpError | null {
  if (appointment.status === 'cancelled') {
    return conflict(ATTACHMENT_CANCELLED_TEXT, 'appointment_cancelled');
  }
  if (!isLive(appointment.status) || appointment.startAt.getTime() <= now.getTime()) {
    return conflict(ATTACHMENT_NOT_UPCOMING_TEXT, 'appointment_not_upcoming');
  }
  return null;
}

function canAdd(appointment: Pick<AppointmentOwner, 'status' | 'startAt'>, now: Date): boolean {
  return refusalToAdd(appointment, now) === null;
}

/** The patient removes their documents until the visit starts (afterwards they are part of the record). */
function canRemove(
  auth: AuthContext,
  appointment: Pick<AppointmentOwner, 'patientUserId' | 'startAt'>,
  now: Date,
): boolean {
  return (
    auth.role === 'user' &&
    appointment.patientUserId === auth.userId &&
    appointment.startAt.getTime() > now.getTime()
  );
}

/** 'Blood pressure log' + PDF: 'Blood pressure log.pdf' (a title that already ends so keeps it). */
export function attachmentFileName(title: string, contentType: string): string {
  const extension = EXTENSIONS[contentType] ?? 'bin';
  return title.toLowerCase().endsWith(`.${extension}`) ? title : `${title}.${extension}`;
}

/** The Content-Disposition name: ASCII only, whatever the title holds. */
function downloadNameOf(title: string, extension: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || 'document'}.${extension}`;
}

function toAttachment(row: AttachmentRow, removable: boolean): Attachment {
  return {
    fileId: row.fileId,
    appointmentId: row.appointmentId,
    title: row.title,
    fileName: attachmentFileName(row.title, row.contentType),
    href: fileHref(row.fileId),
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    addedAt: row.createdAt.toISOString(),
    canRemove: removable,
  };
}

/** The appointment read model's `attachments` (spec 2 §3: href, fileName), for several appointments. */
export async function attachmentLinksOf(
  context: AppContext,
  appointmentIds: string[],
): Promise<Map<string, { href: string; fileName: string }[]>> {
  const links = new Map<string, { href: string; fileName: string }[]>();
  for (const row of await attachmentsOf(context.db, appointmentIds)) {
    const list = links.get(row.appointmentId) ?? [];
    list.push({ href: fileHref(row.fileId), fileName: attachmentFileName(row.title, row.contentType) });
    links.set(row.appointmentId, list);
  }
  return links;
}

/** The patient's own appointment, or a provider's of their clinic; anyone else: 404. */
async function visibleAppointment(
  context: AppContext,
  auth: AuthContext,
  appointmentId: string,
): Promise<AppointmentOwner> {
  const appointment = await findAppointmentOwner(context.db, appointmentId);
  const visible =
    appointment &&
    (auth.role === 'provider'
      ? auth.clinicIds.includes(appointment.clinicId)
      : appointment.patientUserId === auth.userId);
  if (!visible) {
    throw appointmentNotFound();
  }
  return appointment;
}

export async function listAttachments(
  context: AppContext,
  auth: AuthContext,
  appointmentId: string,
): Promise<AttachmentList> {
  const appointment = await visibleAppointment(context, auth, appointmentId);
  const removable = canRemove(auth, appointment, context.now());
  const rows = await attachmentsOf(context.db, [appointment.id]);
  return { items: rows.map((row) => toAttachment(row, removable)) };
}

/**
 * Adds a document to the caller's own upcoming appointment. Every check runs before anything is
 * written: the appointment (404, 409), the title (400), the file (400/413/415, the platform's texts).
 */
export async function addAttachment(
  context: AppContext,
  auth: AuthContext,
  appointmentId: string,
  upload: Upload,
): Promise<Attachment> {
  const appointment = await findAppointmentOwner(context.db, appointmentId);
  if (!appointment || appointment.patientUserId !== auth.userId) {
    throw appointmentNotFound();
  }
  const refusal = refusalToAdd(appointment, context.now());
  if (refusal) {
    throw refusal;
  }
  const fields = attachmentFieldsSchema.safeParse({ title: upload.fields.title });
  if (!fields.success) {
    const detail = fields.error.issues[0]?.message ?? 'The title is not valid.';
    throw new HttpError(400, detail, { code: 'validation_error', errors: [{ detail, field: 'title' }] });
  }
  const clean = await cleanDocument(upload.bytes);
  const title = fields.data.title;

  // The bytes go to the store before the transaction (a slow write must not hold it open, decision
  // 0064); the transaction writes their row with the attachment, and they are taken away if it fails.
  const put = await putFileBytes(context, {
    area: 'appointment-attachments',
    purpose: ATTACHMENT_PURPOSE,
    bytes: clean.bytes,
    contentType: clean.contentType,
    extension: clean.extension,
    downloadName: downloadNameOf(title, clean.extension),
    ownerUserId: appointment.patientUserId,
    clinicId: appointment.clinicId,
    uploadedByUserId: auth.userId,
  });
  try {
    const row = await context.db.transaction(async (tx) => {
      const now = context.now();
      const locked = await lockAppointmentRow(tx, appointment.id);
      const lateRefusal = locked ? refusalToAdd(locked, now) : appointmentNotFound();
      if (lateRefusal) {
        throw lateRefusal;
      }
      if ((await countAttachments(tx, appointment.id)) >= ATTACHMENTS_PER_APPOINTMENT_MAX) {
        throw conflict(ATTACHMENT_LIMIT_TEXT, 'attachment_limit');
      }
      const file = await insertStoredFile(tx, put, now);
      await insertAttachment(tx, {
        appointmentId: appointment.id,
        fileId: file.id,
        title,
        addedByUserId: auth.userId,
        createdAt: now,
      });
      const [added] = await attachmentsOf(tx, [appointment.id]).then((rows) =>
        rows.filter((item) => item.fileId === file.id),
      );
      if (!added) {
        throw new Error('attachment was not stored');
      }
      return added;
    });
    return toAttachment(row, canRemove(auth, appointment, context.now()));
  } catch (error) {
    // The row was rolled back (or never written): the bytes must not stay behind.
    await removeFileBytes(context, put);
    throw error;
  }
}

/** The patient removes one of their documents while the appointment is still ahead. */
export async function removeAttachment(
  context: AppContext,
  auth: AuthContext,
  appointmentId: string,
  fileId: string,
): Promise<void> {
  const appointment = await findAppointmentOwner(context.db, appointmentId);
  if (!appointment || appointment.patientUserId !== auth.userId) {
    throw appointmentNotFound();
  }
  const attachment = await findAttachment(context.db, appointment.id, fileId);
  if (!attachment) {
    throw attachmentNotFound();
  }
  if (!canRemove(auth, appointment, context.now())) {
    throw conflict(ATTACHMENT_REMOVE_STARTED_TEXT, 'appointment_started');
  }
  const removed = await context.db.transaction((tx) => deleteAttachment(tx, appointment.id, fileId));
  if (!removed) {
    throw attachmentNotFound();
  }
  await fileStoreOf(context).remove(attachment.storageKey);
}

/** Groups appointments with their documents, in the shape both document screens read. */
export async function withAttachments(
  context: AppContext,
  auth: AuthContext,
  appointments: DocumentAppointmentRow[],
): Promise<AttachmentAppointment[]> {
  const now = context.now();
  const rows = await attachmentsOf(
    context.db,
    appointments.map((appointment) => appointment.id),
  );
  return appointments.map((appointment) => {
    const removable = canRemove(auth, appointment, now);
    return {
      appointmentId: appointment.id,
      clinicUuid: appointment.clinicId,
      clinicName: appointment.clinicName,
      startAt: isoInZone(appointment.startAt, appointment.timezone),
      timezone: appointment.timezone,
      doctorName: doctorNameOf(appointment),
      consultationTypeTitle: appointment.consultationTypeTitle,
      status: appointment.status,
      canAddDocuments:
        auth.role === 'user' && appointment.patientUserId === auth.userId && canAdd(appointment, now),
      attachments: rows
        .filter((row) => row.appointmentId === appointment.id)
        .map((row) => toAttachment(row, removable)),
    };
  });
}

/** spec 3 §2 patient view, documents tab: the patient's documents at this clinic, by appointment. */
export async function listPatientAttachmentsForProvider(
  context: AppContext,
  auth: AuthContext,
  params: { clinicId: string; patientId: string },
): Promise<ProviderPatientAttachments> {
  if (!(await isClinicPatient(context.db, params.clinicId, params.patientId))) {
    throw new HttpError(404, PATIENT_NOT_FOUND_TEXT, { code: 'patient_not_found' });
  }
  const appointments = await clinicPatientDocumentAppointments(context.db, params.clinicId, params.patientId);
  return { appointments: await withAttachments(context, auth, appointments) };
}
