import type { SignDocumentInput, SignDocumentResult } from '@app/contracts/documents';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { TASK_DOCUMENTS_PATH } from './get-task-documents.ts';

/** Signs one document of the task: the server builds and stores the signed PDF. */
export async function signDocument(taskId: string, input: SignDocumentInput): Promise<SignDocumentResult> {
  const { signDocumentResultSchema } = await import('@app/contracts/documents');
  return apiRequest(
    `${TASK_DOCUMENTS_PATH}/${encodeURIComponent(taskId)}/signatures`,
    signDocumentResultSchema,
    {
      method: 'POST',
      body: input,
    },
  );
}
