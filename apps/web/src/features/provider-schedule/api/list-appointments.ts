import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentListResponse } from '@app/contracts/provider-appointments';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { apiQueryOf, type ListFilters } from '../appointment-list-query.ts';
import { clinicPath } from './paths.ts';

export const APPOINTMENT_LIST_KEY = 'provider-appointment-list';

/** Decision 0039: GET /api/provider/clinics/:clinicId/appointments. */
export async function listAppointments(
  clinicId: string,
  filters: ListFilters,
  signal?: AbortSignal,
): Promise<AppointmentListResponse> {
  const { appointmentListResponseSchema } = await import('@app/contracts/provider-appointments');
  const query = apiQueryOf(filters).toString();
  return apiRequest(
    clinicPath(clinicId, `appointments${query ? `?${query}` : ''}`),
    appointmentListResponseSchema,
    { signal },
  );
}

export function appointmentListQuery(
  clinicId: string,
  filters: ListFilters,
  enabled: boolean,
  /** The fallback polling while the realtime socket is down (decision 0042). */
  refetchInterval: number | false = false,
) {
  return queryOptions({
    refetchInterval,
    queryKey: [APPOINTMENT_LIST_KEY, clinicId, filters],
    queryFn: ({ signal }) => listAppointments(clinicId, filters, signal),
    enabled: enabled && clinicId !== '',
    // The page keeps the previous rows while the next page or filter loads (marked busy).
    placeholderData: keepPreviousData,
    // The screen shows the server's message (a bad range, an unknown provider) in place.
    meta: { errorBanner: false },
  });
}

export function useAppointmentList(
  clinicId: string,
  filters: ListFilters,
  enabled: boolean,
  refetchInterval: number | false = false,
) {
  return useQuery(appointmentListQuery(clinicId, filters, enabled, refetchInterval));
}
