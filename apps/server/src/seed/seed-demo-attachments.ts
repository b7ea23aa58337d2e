import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { storedFiles } from '../db/schema/files.ts';
import { appointmentAttachments } from '../db/schema/patient-records.ts';
import { appointments } from '../db/schema/scheduling.ts';
import type { FileStore } from '../platform/files/file-store.ts';
import { sha256Hex } from '../platform/files/stored-files.ts';
import { loadPdfLib } from '../platform/lazy/pdf-lib.ts';
import { findDemoClinicAndPatient } from './demo-clinic-patient.ts';

// Issue 16 item 2: the demo has one appointment attachment — jane.patient's blood pressure log on her
// next visit — so a newcomer sees a document on the appointment, on /user/documents and in dr.smith's
// patient documents tab. The PDF's bytes live in the file store, which the database seed's transaction
// does not reach, so this runs after it, like the insurance card photos (decision 0025, 0033). It adds
// nothing when jane already has an attachment.

const PATIENT = 'jane.patient';
export const DEMO_ATTACHMENT_TITLE = 'Blood pressure log';
/** The visit it goes on starts at least this far ahead, so it stays upcoming while a newcomer looks. */
const MIN_HOURS_AHEAD = 24;
const ZONE = 'America/New_York';

/** A one-page PDF: a week of home blood pressure readings up to the seed day. */
export async function buildBloodPressureLog(patientName: string, now: Date): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(DEMO_ATTACHMENT_TITLE);
  pdf.setAuthor(patientName);
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  const ink = rgb(0.1, 0.1, 0.1);
  page.drawText(DEMO_ATTACHMENT_TITLE, { x: 56, y: 720, size: 20, font: bold, color: ink });
  page.drawText(`${patientName} - home readings, morning and evening`, { x: 56, y: 694, size: 11, font });
  const columns = [56, 200, 300, 400];
  ['Date', 'Time', 'mmHg', 'Pulse'].forEach((label, index) => {
    page.drawText(label, { x: columns[index] ?? 56, y: 656, size: 11, font: bold, color: ink });
  });
  const today = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day');
  const readings = [
    [128, 82, 72],
    [134, 86, 75],
    [126, 80, 70],
    [131, 84, 74],
    [129, 83, 71],
    [136, 88, 77],
    [127, 81, 69],
  ];
  let y = 634;
  readings.forEach(([systolic, diastolic, pulse], index) => {
    const day = today.minus({ days: readings.length - index });
    for (const [time, shift] of [
      ['07:30', 0],
      ['20:00', -4],
    ] as const) {
      const cells = [
        day.toFormat('ccc LLL d'),
        time,
        `${String((systolic ?? 0) + shift)}/${String((diastolic ?? 0) + shift)}`,
        String(pulse ?? 0),
      ];
      cells.forEach((cell, column) => {
        page.drawText(cell, { x: columns[column] ?? 56, y, size: 11, font, color: ink });
      });
      y -= 18;
    }
  });
  page.drawText('Taken seated, left arm, after five minutes of rest.', { x: 56, y: y - 14, size: 10, font });
  return Buffer.from(await pdf.save());
}

export async function seedDemoAttachments(
  db: Db,
  store: FileStore,
  clinicNumber: number,
  /** The server's clock (context.now, decision 0031). */
  now: Date,
): Promise<void> {
  const found = await findDemoClinicAndPatient(db, clinicNumber, PATIENT);
  if (!found) {
    return;
  }
  const { clinic, patient } = found;
  const [existing] = await db
    .select({ fileId: appointmentAttachments.fileId })
    .from(appointmentAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, appointmentAttachments.fileId))
    .where(eq(storedFiles.ownerUserId, patient.id))
    .limit(1);
  if (existing) {
    return;
  }
  const [visit] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.clinicId, clinic.id),
        eq(appointments.patientUserId, patient.id),
        inArray(appointments.status, ['booked', 'confirmed']),
        gt(appointments.startAt, new Date(now.getTime() + MIN_HOURS_AHEAD * 3_600_000)),
      ),
    )
    .orderBy(asc(appointments.startAt))
    .limit(1);
  if (!visit) {
    return;
  }
  const bytes = await buildBloodPressureLog(`${patient.firstName} ${patient.lastName}`, now);
  const storageKey = `appointment-attachments/${randomUUID()}.pdf`;
  await store.put(storageKey, bytes);
  try {
    await db.transaction(async (tx) => {
      const [file] = await tx
        .insert(storedFiles)
        .values({
          storageKey,
          purpose: 'appointment-attachment',
          contentType: 'application/pdf',
          downloadName: 'blood-pressure-log.pdf',
          sizeBytes: bytes.length,
          sha256: sha256Hex(bytes),
          ownerUserId: patient.id,
          clinicId: clinic.id,
          uploadedByUserId: patient.id,
          createdAt: now,
        })
        .returning({ id: storedFiles.id });
      if (!file) {
        throw new Error('demo attachment file row was not stored');
      }
      await tx.insert(appointmentAttachments).values({
        appointmentId: visit.id,
        fileId: file.id,
        title: DEMO_ATTACHMENT_TITLE,
        addedByUserId: patient.id,
        createdAt: now,
      });
    });
  } catch (error) {
    await store.remove(storageKey);
    throw error;
  }
}
