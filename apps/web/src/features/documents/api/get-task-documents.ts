import { queryOptions } from '@tanstack/react-query';
import type { TaskDocuments } from '@app/contracts/documents';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const TASK_DOCUMENTS_PATH = '/api/documents/tasks';

/** The documents of a sign-document task and what is signed already: GET /api/documents/tasks/:taskId. */
export async function getTaskDocuments(taskId: string, signal?: AbortSignal): Promise<TaskDocuments> {
  const { taskDocumentsSchema } = await import('@app/contracts/documents');
  return apiRequest(`${TASK_DOCUMENTS_PATH}/${encodeURIComponent(taskId)}`, taskDocumentsSchema, { signal });
}

export function taskDocumentsQuery(taskId: string) {
  return queryOptions({
    queryKey: [TASK_DOCUMENTS_PATH, taskId],
    queryFn: ({ signal }) => getTaskDocuments(taskId, signal),
    retry: false,
  });
}
