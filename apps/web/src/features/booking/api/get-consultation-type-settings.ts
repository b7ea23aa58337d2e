import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { toQueryString } from './query-string.ts';

export const CONSULTATION_TYPE_SETTINGS_PATH = '/api/scheduling/consultation-type-settings';

export interface ConsultationTypeSettingsParams {
  providerId: string;
  consultationTypeId: string;
  departmentUuid?: string;
}

/** GET /api/scheduling/consultation-type-settings: booking open and close dates (spec 2 §3, §9). */
export async function getConsultationTypeSettings(
  params: ConsultationTypeSettingsParams,
  signal?: AbortSignal,
) {
  const { consultationTypeSettingsSchema } = await import('@app/contracts/scheduling');
  return apiRequest(
    `${CONSULTATION_TYPE_SETTINGS_PATH}${toQueryString({ ...params })}`,
    consultationTypeSettingsSchema,
    { signal },
  );
}

export function useConsultationTypeSettings(params: ConsultationTypeSettingsParams | null) {
  return useQuery({
    queryKey: [CONSULTATION_TYPE_SETTINGS_PATH, params],
    queryFn: ({ signal }) =>
      getConsultationTypeSettings(params ?? { providerId: '', consultationTypeId: '' }, signal),
    enabled: params !== null,
  });
}
