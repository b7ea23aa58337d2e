import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleResponse } from '@app/contracts/provider-schedule';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath, filterQuery, type WorkspaceFilters } from './paths.ts';

export const SCHEDULE_KEY = 'provider-schedule';

/** spec 3 §2 Provider appointment schedule: GET /api/provider/clinics/:clinicId/schedule. */
export async function getSchedule(
  clinicId: string,
  date: string,
  sort: 'time' | 'provider',
  filters: WorkspaceFilters,
  signal?: AbortSignal,
): Promise<ScheduleResponse> {
  const { scheduleResponseSchema } = await import('@app/contracts/provider-schedule');
  const query = filterQuery(filters);
  query.set('date', date);
  query.set('sort', sort);
  return apiRequest(clinicPath(clinicId, `schedule?${query.toString()}`), scheduleResponseSchema, { signal });
}

export function scheduleQuery(
  clinicId: string,
  date: string,
  sort: 'time' | 'provider',
  filters: WorkspaceFilters,
  /** The fallback polling while the realtime socket is down (useWaitingRoomEvents, decision 0042). */
  refetchInterval: number | false = false,
) {
  return queryOptions({
    queryKey: [SCHEDULE_KEY, clinicId, date, sort, filters],
    queryFn: ({ signal }) => getSchedule(clinicId, date, sort, filters, signal),
    // Until the workspace names the clinic there is nothing to ask for.
    enabled: clinicId !== '',
    refetchInterval,
    // The day follows every appointment change live: a refetch must not flash the global loader
    // (the page shows its own loading line the first time).
    meta: { loader: false },
  });
}

export function useSchedule(
  clinicId: string,
  date: string,
  sort: 'time' | 'provider',
  filters: WorkspaceFilters,
  refetchInterval: number | false = false,
) {
  return useQuery(scheduleQuery(clinicId, date, sort, filters, refetchInterval));
}
