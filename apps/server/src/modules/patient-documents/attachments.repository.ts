import { and, asc, count, eq, exists, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinics, consultationTypes, departments, providers } from '../../db/schema/clinics.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { appointmentAttachments } from '../../db/schema/patient-records.ts';
import { appointments } from '../../db/schema/scheduling.ts';

// Queries of appointment attachments (issue 16, decision 0033).

const providerUsers = alias(users, 'attachment_provider_users');

/** What the attachment rules need to know about an appointment. */
export async function findAppointmentOwner(db: Db, appointmentId: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      clinicId: appointments.clinicId,
      patientUserId: appointments.patientUserId,
      status: appointments.status,
      startAt: appointments.startAt,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row ?? null;
}
export type AppointmentOwner = NonNullable<Awaited<ReturnType<typeof findAppointmentOwner>>>;

/** Locks the appointment for the rest of the transaction: two uploads at once cannot pass the limit. */
export async function lockAppointmentRow(db: Db, appointmentId: string): Promise<AppointmentOwner | null> {
  await db.execute(
    sql`select id from ${appointments} where ${appointments.id} = ${appointmentId} for update`,
  );
  return findAppointmentOwner(db, appointmentId);
}

export async function countAttachments(db: Db, appointmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointmentAttachments)
    .where(eq(appointmentAttachments.appointmentId, appointmentId));
  return row?.n ?? 0;
}

export async function insertAttachment(db: Db, values: typeof appointmentAttachments.$inferInsert) {
  await db.insert(appointmentAttachments).values(values);
}

const attachmentColumns = {
  appointmentId: appointmentAttachments.appointmentId,
  fileId: appointmentAttachments.fileId,
  title: appointmentAttachments.title,
  addedByUserId: appointmentAttachments.addedByUserId,
  createdAt: appointmentAttachments.createdAt,
  contentType: storedFiles.contentType,
  sizeBytes: storedFiles.sizeBytes,
  storageKey: storedFiles.storageKey,
};

export type AttachmentRow = Awaited<ReturnType<typeof attachmentsOf>>[number];

/** The attachments of these appointments, oldest first within each. */
export async function attachmentsOf(db: Db, appointmentIds: string[]) {
  if (appointmentIds.length === 0) {
    return [];
  }
  return db
    .select(attachmentColumns)
    .from(appointmentAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, appointmentAttachments.fileId))
    .where(inArray(appointmentAttachments.appointmentId, appointmentIds))
    .orderBy(asc(appointmentAttachments.createdAt), asc(appointmentAttachments.fileId));
}

export async function findAttachment(db: Db, appointmentId: string, fileId: string) {
  const [row] = await db
    .select(attachmentColumns)
    .from(appointmentAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, appointmentAttachments.fileId))
    .where(
      and(eq(appointmentAttachments.appointmentId, appointmentId), eq(appointmentAttachments.fileId, fileId)),
    );
  return row ?? null;
}

/** Removes the attachment and its stored-file row (the bytes go after the transaction commits). */
export async function deleteAttachment(db: Db, appointmentId: string, fileId: string): Promise<boolean> {
  const removed = await db
    .delete(appointmentAttachments)
    .where(
      and(eq(appointmentAttachments.appointmentId, appointmentId), eq(appointmentAttachments.fileId, fileId)),
    )
    .returning({ fileId: appointmentAttachments.fileId });
  if (removed.length === 0) {
    return false;
  }
  await db.delete(storedFiles).where(eq(storedFiles.id, fileId));
  return true;
}

const hasAttachments = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(appointmentAttachments)
      .where(eq(appointmentAttachments.appointmentId, appointments.id)),
  );

export type DocumentAppointmentRow = Awaited<ReturnType<typeof selectDocumentAppointments>>[number];

function selectDocumentAppointments(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: appointments.id,
      clinicId: appointments.clinicId,
      clinicName: clinics.name,
      patientUserId: appointments.patientUserId,
      startAt: appointments.startAt,
      status: appointments.status,
      timezone: departments.timezone,
      consultationTypeTitle: consultationTypes.name,
      providerTitle: providers.title,
      providerFirstName: providerUsers.firstName,
      providerLastName: providerUsers.lastName,
    })
    .from(appointments)
    .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, appointments.consultationTypeId))
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(providerUsers, eq(providerUsers.id, providers.userId))
    .where(where)
    .orderBy(asc(appointments.startAt), asc(appointments.id));
}

/** The patient's upcoming live appointments and every appointment of theirs that has documents. */
export function patientDocumentAppointments(db: Db, patientUserId: string, now: Date) {
  return selectDocumentAppointments(
    db,
    and(
      eq(appointments.patientUserId, patientUserId),
      or(
        and(inArray(appointments.status, ['booked', 'confirmed']), gt(appointments.startAt, now)),
        hasAttachments(db),
      ),
    ),
  );
}

/** One clinic's appointments of a patient that have documents (the provider's documents tab). */
export function clinicPatientDocumentAppointments(db: Db, clinicId: string, patientUserId: string) {
  return selectDocumentAppointments(
    db,
    and(
      eq(appointments.clinicId, clinicId),
      eq(appointments.patientUserId, patientUserId),
      hasAttachments(db),
    ),
  );
}
