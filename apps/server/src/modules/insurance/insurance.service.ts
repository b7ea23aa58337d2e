import {
  INSURANCE_CARD_NOT_FOUND_TEXT,
  INSURANCE_IMAGE_NOT_FOUND_TEXT,
  type InsuranceCard,
  type InsuranceCardKind,
  type InsuranceQueueQuery,
  type SaveInsuranceCardInput,
} from '@app/contracts/insurance';
import { fileHref, type UploadResult } from '@app/contracts/files';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { AuthContext } from '../../platform/access.ts';
import { cleanImage } from '../../platform/files/image-upload.ts';
import { findStoredFile, storeFile } from '../../platform/files/stored-files.ts';
import { HttpError } from '../../platform/http-error.ts';
import { isClinicPatient } from '../scheduling/catalogue.repository.ts';
import {
  countQueue,
  findCards,
  findPatientAppointment,
  findQueue,
  upsertCard,
  type CardWithPatient,
} from './insurance.repository.ts';

// spec 2 §3/§4 insurance card task, spec 3 §3/§4 the review queue (decision 0022).

const PURPOSE = 'insurance-card';
const PATIENT_NOT_FOUND_TEXT = 'Patient not found.';

function notFound(text = PATIENT_NOT_FOUND_TEXT): HttpError {
  return new HttpError(404, text, { code: 'not_found' });
}

/**
 * Whose cards: a patient works on their own (userId absent or theirs); a provider of the clinic works
 * for one of its patients (self check-in runs on the provider's session). Anyone else: 404.
 */
async function resolvePatient(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  userId: string | undefined,
): Promise<string> {
  const subject = auth.role === 'provider' ? userId : (userId ?? auth.userId);
  if (!subject) {
    throw new HttpError(400, 'Choose the patient (userId).', { code: 'user_required' });
  }
  const allowed = auth.role === 'provider' ? auth.clinicIds.includes(clinicId) : subject === auth.userId;
  if (!allowed || !(await isClinicPatient(context.db, clinicId, subject))) {
    throw notFound();
  }
  return subject;
}

export function toInsuranceCard({ card, patient }: CardWithPatient): InsuranceCard {
  return {
    id: card.id,
    clinicUuid: card.clinicId,
    userId: card.userId,
    kind: card.kind,
    status: card.status,
    updatedAt: card.updatedAt.toISOString(),
    front: { fileId: card.frontFileId, href: fileHref(card.frontFileId) },
    back: card.backFileId ? { fileId: card.backFileId, href: fileHref(card.backFileId) } : null,
    insuranceNumber: card.insuranceNumber,
    ircName: card.ircName,
    planName: card.planName,
    policyHolderName: card.policyHolderName,
    listAppointmentId: card.listAppointmentId,
    patient: {
      id: patient.id,
      name: `${patient.firstName} ${patient.lastName}`.trim(),
      firstName: patient.firstName,
      image: patient.image,
    },
  };
}

/** A card photo: checked by its bytes, re-encoded without metadata, stored under our key. */
export async function uploadCardImage(
  context: AppContext,
  auth: AuthContext,
  query: { clinicUuid: string; userId?: string | undefined },
  bytes: Buffer,
): Promise<UploadResult> {
  const patientUserId = await resolvePatient(context, auth, query.clinicUuid, query.userId);
  const clean = await cleanImage(bytes);
  const row = await storeFile(context, {
    area: 'insurance-cards',
    purpose: PURPOSE,
    bytes: clean.bytes,
    contentType: clean.contentType,
    extension: clean.extension,
    downloadName: `insurance-card.${clean.extension}`,
    ownerUserId: patientUserId,
    clinicId: query.clinicUuid,
    uploadedByUserId: auth.userId,
  });
  return { fileId: row.id, href: fileHref(row.id), contentType: row.contentType };
}

export async function listCards(
  context: AppContext,
  auth: AuthContext,
  query: { clinicUuid: string; userId?: string | undefined },
): Promise<InsuranceCard[]> {
  const userId = await resolvePatient(context, auth, query.clinicUuid, query.userId);
  return (await findCards(context.db, { clinicId: query.clinicUuid, userId })).map(toInsuranceCard);
}

/** spec 2 §7 "insurance card details by clinic, user and kind". */
export async function getCard(
  context: AppContext,
  auth: AuthContext,
  query: { clinicUuid: string; userId?: string | undefined },
  kind: InsuranceCardKind,
): Promise<InsuranceCard> {
  const userId = await resolvePatient(context, auth, query.clinicUuid, query.userId);
  const [row] = await findCards(context.db, { clinicId: query.clinicUuid, userId, kind });
  if (!row) {
    throw notFound(INSURANCE_CARD_NOT_FOUND_TEXT);
  }
  return toInsuranceCard(row);
}

async function requireCardImage(
  db: Db,
  fileId: string,
  owner: { userId: string; clinicId: string },
  field: string,
): Promise<void> {
  const file = await findStoredFile(db, fileId);
  if (
    !file ||
    file.purpose !== PURPOSE ||
    file.ownerUserId !== owner.userId ||
    file.clinicId !== owner.clinicId
  ) {
    throw new HttpError(400, INSURANCE_IMAGE_NOT_FOUND_TEXT, {
      code: 'image_not_found',
      errors: [{ detail: INSURANCE_IMAGE_NOT_FOUND_TEXT, field }],
    });
  }
}

/**
 * Saves the card of one kind. A new card, or one whose photos or details changed, goes to status
 * 'new' (spec 3 §4: the review queue); confirming an unchanged card leaves its review status alone.
 */
export async function saveCard(
  context: AppContext,
  auth: AuthContext,
  kind: InsuranceCardKind,
  input: SaveInsuranceCardInput,
): Promise<InsuranceCard> {
  const userId = await resolvePatient(context, auth, input.clinicUuid, input.userId);
  const owner = { userId, clinicId: input.clinicUuid };
  // One transaction for the checks the write depends on and the write (its audit events join it).
  await context.db.transaction(async (tx) => {
    await requireCardImage(tx, input.frontFileId, owner, 'frontFileId');
    if (input.backFileId) {
      await requireCardImage(tx, input.backFileId, owner, 'backFileId');
    }
    if (input.appointmentId) {
      const appointment = await findPatientAppointment(tx, input.appointmentId);
      if (!appointment || appointment.patientUserId !== userId || appointment.clinicId !== input.clinicUuid) {
        throw notFound('Appointment not found.');
      }
    }
    const [existing] = await findCards(tx, { clinicId: input.clinicUuid, userId, kind });
    const policyHolderName = input.policyHolderName || (await patientName(tx, userId));
    const next = {
      frontFileId: input.frontFileId,
      backFileId: input.backFileId ?? null,
      insuranceNumber: input.insuranceNumber,
      ircName: input.ircName,
      planName: input.planName,
      policyHolderName,
    };
    const changed =
      !existing ||
      (Object.keys(next) as (keyof typeof next)[]).some((key) => existing.card[key] !== next[key]);
    const appointmentIds = new Set(existing?.card.listAppointmentId ?? []);
    if (input.appointmentId) {
      appointmentIds.add(input.appointmentId);
    }
    const now = context.now();
    await upsertCard(
      tx,
      {
        clinicId: input.clinicUuid,
        userId,
        kind,
        ...next,
        listAppointmentId: [...appointmentIds],
        status: existing && !changed ? existing.card.status : 'new',
        updatedAt: existing && !changed ? existing.card.updatedAt : now,
      },
      now,
    );
  });
  return getCard(context, auth, { clinicUuid: input.clinicUuid, userId }, kind);
}

async function patientName(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

function requireClinicProvider(auth: AuthContext, clinicId: string): void {
  if (auth.role !== 'provider' || !auth.clinicIds.includes(clinicId)) {
    throw notFound('Clinic not found.');
  }
}

/** spec 3 §7 Insurance cards list (the review queue; the screens are issue 6). */
export async function listQueue(
  context: AppContext,
  auth: AuthContext,
  query: InsuranceQueueQuery,
): Promise<InsuranceCard[]> {
  requireClinicProvider(auth, query.clinicUuid);
  return (await findQueue(context.db, query)).map(toInsuranceCard);
}

/** spec 3 §7 Insurance cards count (same filters). */
export async function countQueueCards(
  context: AppContext,
  auth: AuthContext,
  query: InsuranceQueueQuery,
): Promise<number> {
  requireClinicProvider(auth, query.clinicUuid);
  return countQueue(context.db, query);
}
