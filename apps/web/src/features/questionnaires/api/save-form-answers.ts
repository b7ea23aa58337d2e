import type { Answer, SaveFormAnswersResponse } from '@app/contracts/questionnaires';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { QUESTIONNAIRES_PATH } from './get-task-questionnaire.ts';

/** Saves one form's answers; the last form of the task completes it (spec 2 §4). */
export async function saveFormAnswers(
  taskId: string,
  formId: string,
  answers: Record<string, Answer>,
): Promise<SaveFormAnswersResponse> {
  const { saveFormAnswersResponseSchema } = await import('@app/contracts/questionnaires');
  return apiRequest(
    `${QUESTIONNAIRES_PATH}/tasks/${encodeURIComponent(taskId)}/forms/${encodeURIComponent(formId)}`,
    saveFormAnswersResponseSchema,
    { method: 'POST', body: { answers } },
  );
}
