import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { toQueryString } from './query-string.ts';

export const CONSULTATION_TYPES_PATH = '/api/scheduling/consultation-types';

export interface ConsultationTypeListParams {
  clinicUuid: string;
  providerId?: string;
  visitTypeId?: string;
  departmentUuid?: string;
  /** spec 2 §7: the care manager asks with booking=internal. */
  booking?: 'internal';
}

/** GET /api/scheduling/consultation-types (spec 2 §7 Consultation type list). */
export async function listConsultationTypes(params: ConsultationTypeListParams, signal?: AbortSignal) {
  const { consultationTypeListResponseSchema } = await import('@app/contracts/scheduling');
  return apiRequest(
    `${CONSULTATION_TYPES_PATH}${toQueryString({ ...params })}`,
    consultationTypeListResponseSchema,
    { signal },
  );
}

export function useConsultationTypeList(params: ConsultationTypeListParams | null) {
  return useQuery({
    queryKey: [CONSULTATION_TYPES_PATH, params],
    queryFn: ({ signal }) => listConsultationTypes(params ?? { clinicUuid: '' }, signal),
    enabled: params !== null,
  });
}
