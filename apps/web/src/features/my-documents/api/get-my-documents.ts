import { queryOptions } from '@tanstack/react-query';
import type { MyDocuments } from '@app/contracts/patient-documents';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const MY_DOCUMENTS_PATH = '/api/documents/mine';

/** Issue 16: the signed-in patient's signed documents, card photos and appointment documents. */
export async function getMyDocuments(signal?: AbortSignal): Promise<MyDocuments> {
  const { myDocumentsSchema } = await import('@app/contracts/patient-documents');
  return apiRequest(MY_DOCUMENTS_PATH, myDocumentsSchema, { signal });
}

export function myDocumentsQuery() {
  return queryOptions({
    queryKey: [MY_DOCUMENTS_PATH],
    queryFn: ({ signal }) => getMyDocuments(signal),
  });
}
