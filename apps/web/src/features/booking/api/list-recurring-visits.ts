import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { toQueryString } from './query-string.ts';

export const RECURRING_VISITS_PATH = '/api/scheduling/recurring-visits';

export interface RecurringVisitParams {
  clinicUuid: string;
  providerId?: string;
  departmentUuid?: string;
  consultationTypeId: string;
  repeatPeriod: number;
  /** Comma-separated ISO weekday numbers. */
  days: string;
  fromDate?: string;
}

/** GET /api/scheduling/recurring-visits (spec 2 §7 Recurring visit list by provider). */
export async function listRecurringVisits(params: RecurringVisitParams, signal?: AbortSignal) {
  const { recurringVisitListResponseSchema } = await import('@app/contracts/scheduling');
  return apiRequest(
    `${RECURRING_VISITS_PATH}${toQueryString({ ...params })}`,
    recurringVisitListResponseSchema,
    { signal },
  );
}

export function useRecurringVisits(params: RecurringVisitParams | null) {
  return useQuery({
    queryKey: [RECURRING_VISITS_PATH, params],
    queryFn: ({ signal }) =>
      listRecurringVisits(
        params ?? { clinicUuid: '', consultationTypeId: '', repeatPeriod: 2, days: '' },
        signal,
      ),
    enabled: params !== null,
  });
}
