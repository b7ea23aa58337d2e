import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  WAITING_ROOM_POLL_MS,
  type WaitingRoomKind,
  type WaitingRoomResponse,
} from '@app/contracts/provider-schedule';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath, filterQuery, type WorkspaceFilters } from './paths.ts';

export const WAITING_ROOM_KEY = 'provider-waiting-room';

/** spec 3 §2 Waiting room (telehealth) and DriveUp: GET .../waiting-room/{drive-up|telehealth}. */
export async function getWaitingRoom(
  clinicId: string,
  kind: WaitingRoomKind,
  filters: WorkspaceFilters,
  signal?: AbortSignal,
): Promise<WaitingRoomResponse> {
  const { waitingRoomResponseSchema } = await import('@app/contracts/provider-schedule');
  const query = filterQuery(filters).toString();
  return apiRequest(
    clinicPath(clinicId, `waiting-room/${kind}${query ? `?${query}` : ''}`),
    waitingRoomResponseSchema,
    { signal },
  );
}

export function waitingRoomQuery(clinicId: string, kind: WaitingRoomKind, filters: WorkspaceFilters) {
  return queryOptions({
    queryKey: [WAITING_ROOM_KEY, clinicId, kind, filters],
    queryFn: ({ signal }) => getWaitingRoom(clinicId, kind, filters, signal),
    // Until the workspace names the clinic there is nothing to ask for.
    enabled: clinicId !== '',
    // spec 3 §9: every 15 seconds — the fallback; the WebSocket event refetches at once.
    refetchInterval: WAITING_ROOM_POLL_MS,
    // spec 1 §7: waiting-room statuses never show the global loader.
    meta: { loader: false },
  });
}

export function useWaitingRoom(clinicId: string, kind: WaitingRoomKind, filters: WorkspaceFilters) {
  return useQuery(waitingRoomQuery(clinicId, kind, filters));
}
