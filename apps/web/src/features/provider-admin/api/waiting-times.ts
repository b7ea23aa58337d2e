import { queryOptions } from '@tanstack/react-query';
import type { WaitingTimeEntry, WaitingTimeUpdate } from '@app/contracts/clinic-admin';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './clinic-path.ts';

/** spec 3 §7 Waiting-time department list (one entry per integrated department). */
export async function listWaitingTimes(clinicId: string, signal?: AbortSignal): Promise<WaitingTimeEntry[]> {
  const { waitingTimeListResponseSchema } = await import('@app/contracts/clinic-admin');
  return apiRequest(clinicPath(clinicId, 'waiting-times'), waitingTimeListResponseSchema, { signal });
}

export function waitingTimesQuery(clinicId: string) {
  return queryOptions({
    queryKey: [clinicPath(clinicId, 'waiting-times')],
    queryFn: ({ signal }) => listWaitingTimes(clinicId, signal),
  });
}

/** spec 3 §7 Update waiting-time entry: bufferTime in seconds. */
export async function updateWaitingTime(
  clinicId: string,
  entryId: string,
  input: WaitingTimeUpdate,
): Promise<WaitingTimeEntry> {
  const { waitingTimeEntrySchema } = await import('@app/contracts/clinic-admin');
  return apiRequest(
    clinicPath(clinicId, `waiting-times/${encodeURIComponent(entryId)}`),
    waitingTimeEntrySchema,
    {
      method: 'PUT',
      body: input,
    },
  );
}
