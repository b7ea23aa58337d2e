import type { MyDocuments } from '@app/contracts/patient-documents';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { signedDocumentsOfPatient } from '../documents/patient-signed-documents.ts';
import { insuranceCardsOfPatient } from '../insurance/patient-insurance-cards.ts';
import { patientDocumentAppointments } from './attachments.repository.ts';
import { withAttachments } from './attachments.service.ts';

// Issue 16 item 1 (decision 0033): /user/documents reads everything the patient holds in one call.
// A family member's session (spec 3 §4) is that member: auth.userId is theirs, so they see their own.

export async function readMyDocuments(context: AppContext, auth: AuthContext): Promise<MyDocuments> {
  const [signedDocuments, insuranceCards, appointments] = await Promise.all([
    signedDocumentsOfPatient(context.db, auth.userId),
    insuranceCardsOfPatient(context.db, auth.userId),
    patientDocumentAppointments(context.db, auth.userId, context.now()),
  ]);
  return {
    signedDocuments,
    insuranceCards,
    appointments: await withAttachments(context, auth, appointments),
  };
}
