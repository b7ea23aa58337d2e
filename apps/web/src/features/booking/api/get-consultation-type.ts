import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { CONSULTATION_TYPES_PATH } from './list-consultation-types.ts';

/** GET /api/scheduling/consultation-types/:consultationTypeId: title, message and comment rules. */
export async function getConsultationType(consultationTypeId: string, signal?: AbortSignal) {
  const { consultationTypeSchema } = await import('@app/contracts/scheduling');
  return apiRequest(
    `${CONSULTATION_TYPES_PATH}/${encodeURIComponent(consultationTypeId)}`,
    consultationTypeSchema,
    { signal },
  );
}

export function useConsultationType(consultationTypeId: string | null) {
  return useQuery({
    queryKey: [CONSULTATION_TYPES_PATH, 'by-id', consultationTypeId],
    queryFn: ({ signal }) => getConsultationType(consultationTypeId ?? '', signal),
    enabled: consultationTypeId !== null,
    staleTime: 5 * 60_000,
  });
}
