import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InsuranceCardKind, InsuranceCardStatus } from '@app/contracts/insurance';
import type { Db } from '../../db/client.ts';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { insuranceCards } from '../../db/schema/insurance.ts';

/** Turns the insurance review on for a clinic and a provider (module and permission). */
export async function enableInsuranceReview(db: Db, clinicId: string, providerUserId: string) {
  await db
    .update(clinics)
    .set({ modules: sql`array_append(${clinics.modules}, 'USER_INSURANCE')` })
    .where(eq(clinics.id, clinicId));
  await db
    .update(providers)
    .set({ permissions: sql`array_append(${providers.permissions}, 'PROVIDER_INSURANCE')` })
    .where(eq(providers.userId, providerUserId));
}

/** A card written directly (uploads have their own tests); the photo row points at no real bytes. */
export async function insertTestCard(
  db: Db,
  card: {
    clinicId: string;
    userId: string;
    kind?: InsuranceCardKind;
    status?: InsuranceCardStatus;
    updatedAt: Date;
    appointmentIds?: string[];
  },
) {
  const [file] = await db
    .insert(storedFiles)
    .values({
      storageKey: `insurance-cards/${randomUUID()}.jpg`,
      purpose: 'insurance-card',
      contentType: 'image/jpeg',
      downloadName: 'insurance-card.jpg',
      sizeBytes: 1,
      sha256: '0'.repeat(64),
      ownerUserId: card.userId,
      clinicId: card.clinicId,
      uploadedByUserId: card.userId,
    })
    .returning({ id: storedFiles.id });
  if (!file) {
    throw new Error('test file row was not created');
  }
  const [row] = await db
    .insert(insuranceCards)
    .values({
      clinicId: card.clinicId,
      userId: card.userId,
      kind: card.kind ?? 'primary',
      frontFileId: file.id,
      insuranceNumber: 'XZ123456789',
      ircName: 'Aetna',
      planName: 'Choice POS II',
      policyHolderName: 'Test Holder',
      status: card.status ?? 'new',
      listAppointmentId: card.appointmentIds ?? [],
      updatedAt: card.updatedAt,
    })
    .returning();
  if (!row) {
    throw new Error('test card was not created');
  }
  return row;
}
