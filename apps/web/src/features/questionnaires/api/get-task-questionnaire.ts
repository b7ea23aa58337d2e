import type { TaskQuestionnaire } from '@app/contracts/questionnaires';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const QUESTIONNAIRES_PATH = '/api/questionnaires';

/** The forms of a questionnaire task, filled with the answers saved so far (decision 0020). */
export async function getTaskQuestionnaire(taskId: string, signal?: AbortSignal): Promise<TaskQuestionnaire> {
  const { taskQuestionnaireSchema } = await import('@app/contracts/questionnaires');
  return apiRequest(`${QUESTIONNAIRES_PATH}/tasks/${encodeURIComponent(taskId)}`, taskQuestionnaireSchema, {
    signal,
  });
}

export function taskQuestionnaireQuery(taskId: string) {
  return queryOptions({
    queryKey: [QUESTIONNAIRES_PATH, 'task', taskId],
    queryFn: ({ signal }) => getTaskQuestionnaire(taskId, signal),
    // A 404 (not yours, not a questionnaire) will not change on a retry.
    retry: false,
    // The form holds the patient's edits: a refetch must not reset it under them.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
