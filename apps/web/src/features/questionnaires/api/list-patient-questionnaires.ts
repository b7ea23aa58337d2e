import type { PatientQuestionnaireResponse } from '@app/contracts/questionnaires';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { QUESTIONNAIRES_PATH } from './get-task-questionnaire.ts';

/** A provider reads the questionnaires a patient of their clinic saved (decision 0020). */
export async function listPatientQuestionnaires(
  patientUserId: string,
  signal?: AbortSignal,
): Promise<PatientQuestionnaireResponse[]> {
  const { patientQuestionnaireResponseListSchema } = await import('@app/contracts/questionnaires');
  return apiRequest(
    `${QUESTIONNAIRES_PATH}/patients/${encodeURIComponent(patientUserId)}/responses`,
    patientQuestionnaireResponseListSchema,
    { signal },
  );
}

export function patientQuestionnairesQuery(patientUserId: string) {
  return queryOptions({
    queryKey: [QUESTIONNAIRES_PATH, 'patient', patientUserId],
    queryFn: ({ signal }) => listPatientQuestionnaires(patientUserId, signal),
    retry: false,
    meta: { url: QUESTIONNAIRES_PATH, errorBanner: false },
  });
}
