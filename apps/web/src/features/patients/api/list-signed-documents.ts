import { queryOptions } from '@tanstack/react-query';
import type { SignedDocumentList } from '@app/contracts/patient-chart';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientBase } from './patient-paths.ts';

export async function listSignedDocuments(
  clinicId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<SignedDocumentList> {
  const { signedDocumentListSchema } = await import('@app/contracts/patient-chart');
  return apiRequest(`${patientBase(clinicId, patientId)}/signed-documents`, signedDocumentListSchema, {
    signal,
  });
}

export function signedDocumentsQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [`${patientBase(clinicId, patientId)}/signed-documents`],
    queryFn: ({ signal }) => listSignedDocuments(clinicId, patientId, signal),
  });
}
