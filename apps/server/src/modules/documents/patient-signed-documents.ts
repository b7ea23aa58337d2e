import { desc, eq } from 'drizzle-orm';
import { fileHref } from '@app/contracts/files';
import type { PatientSignedDocument } from '@app/contracts/patient-documents';
import type { Db } from '../../db/client.ts';
import { clinics } from '../../db/schema/clinics.ts';
import { signDocuments, signedDocuments } from '../../db/schema/documents.ts';

// The documents module's narrow answer to "what has this patient signed?" (issue 16, the patient's
// documents screen): every signed PDF of the patient, in every clinic, newest first.

export async function signedDocumentsOfPatient(db: Db, userId: string): Promise<PatientSignedDocument[]> {
  const rows = await db
    .select({
      id: signedDocuments.id,
      fileId: signedDocuments.fileId,
      signerName: signedDocuments.signerName,
      signedAt: signedDocuments.signedAt,
      title: signDocuments.title,
      clinicName: clinics.name,
    })
    .from(signedDocuments)
    .innerJoin(signDocuments, eq(signDocuments.id, signedDocuments.documentId))
    .innerJoin(clinics, eq(clinics.id, signedDocuments.clinicId))
    .where(eq(signedDocuments.userId, userId))
    .orderBy(desc(signedDocuments.signedAt), desc(signedDocuments.id));
  return rows.map((row) => ({
    signedDocumentId: row.id,
    title: row.title,
    clinicName: row.clinicName,
    signerName: row.signerName,
    signedAt: row.signedAt.toISOString(),
    href: fileHref(row.fileId),
    fileName: `${row.title}.pdf`,
  }));
}
