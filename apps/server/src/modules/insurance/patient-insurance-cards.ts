import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fileHref } from '@app/contracts/files';
import type { PatientInsuranceCard } from '@app/contracts/patient-documents';
import type { Db } from '../../db/client.ts';
import { clinics } from '../../db/schema/clinics.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { insuranceCards } from '../../db/schema/insurance.ts';

// The insurance module's narrow answer to "which card photos has this patient uploaded?" (issue 16,
// the patient's documents screen): every card of the patient, in every clinic.

const frontFiles = alias(storedFiles, 'front_files');
const backFiles = alias(storedFiles, 'back_files');

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

function photo(fileId: string, contentType: string, base: string) {
  return { href: fileHref(fileId), fileName: `${base}.${EXTENSIONS[contentType] ?? 'jpg'}` };
}

export async function insuranceCardsOfPatient(db: Db, userId: string): Promise<PatientInsuranceCard[]> {
  const rows = await db
    .select({
      card: insuranceCards,
      clinicName: clinics.name,
      frontType: frontFiles.contentType,
      backType: backFiles.contentType,
    })
    .from(insuranceCards)
    .innerJoin(clinics, eq(clinics.id, insuranceCards.clinicId))
    .innerJoin(frontFiles, eq(frontFiles.id, insuranceCards.frontFileId))
    .leftJoin(backFiles, eq(backFiles.id, insuranceCards.backFileId))
    .where(eq(insuranceCards.userId, userId))
    .orderBy(asc(clinics.name), asc(insuranceCards.kind));
  return rows.map(({ card, clinicName, frontType, backType }) => ({
    id: card.id,
    clinicUuid: card.clinicId,
    clinicName,
    kind: card.kind,
    ircName: card.ircName,
    planName: card.planName,
    insuranceNumber: card.insuranceNumber,
    updatedAt: card.updatedAt.toISOString(),
    front: photo(card.frontFileId, frontType, `insurance-card-${card.kind}-front`),
    back:
      card.backFileId && backType
        ? photo(card.backFileId, backType, `insurance-card-${card.kind}-back`)
        : null,
  }));
}
