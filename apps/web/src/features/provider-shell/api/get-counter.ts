import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import type { CounterId } from '../nav-items.ts';

// The sidebar's red-dot counters (spec 3 §2, §9; BRIEF-dots): each owner serves GET ... → { count }.

/** spec 3 §9: messages and insurances every 30 minutes, follow-ups every 30 minutes, rooms every 15 s. */
const THIRTY_MINUTES = 30 * 60_000;
const FIFTEEN_SECONDS = 15_000;

export function counterPath(counter: CounterId, clinicId: string): string {
  const clinic = `/api/provider/clinics/${encodeURIComponent(clinicId)}`;
  switch (counter) {
    case 'messages':
      return `${clinic}/messages/unread-count`;
    case 'insurances':
      return `${clinic}/insurance-cards/count?status=new`;
    case 'followUps':
      return `${clinic}/follow-ups/new-alert-count`;
    case 'driveUp':
      return `${clinic}/waiting-room/drive-up/count`;
    case 'telehealth':
      return `${clinic}/waiting-room/telehealth/count`;
  }
}

export const COUNTER_INTERVALS: Record<CounterId, number> = {
  messages: THIRTY_MINUTES,
  insurances: THIRTY_MINUTES,
  followUps: THIRTY_MINUTES,
  driveUp: FIFTEEN_SECONDS,
  telehealth: FIFTEEN_SECONDS,
};

/** A counter's value; a counter whose endpoint does not exist (404) shows no dot. */
export async function getCounter(path: string, signal?: AbortSignal): Promise<number> {
  const { countResponseSchema } = await import('@app/contracts/provider-workspace');
  try {
    return (await apiRequest(path, countResponseSchema, { signal })).count;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) {
      return 0;
    }
    throw error;
  }
}

export const COUNTER_KEY = 'provider-counter';

export function counterQuery(counter: CounterId, clinicId: string) {
  const path = counterPath(counter, clinicId);
  return queryOptions({
    queryKey: [COUNTER_KEY, counter, clinicId],
    queryFn: ({ signal }) => getCounter(path, signal),
    refetchInterval: COUNTER_INTERVALS[counter],
    // spec 1 §7: menu item counts never show the global loader or the error banner.
    meta: { url: path, loader: false, errorBanner: false },
    retry: false,
  });
}

export function useCounter(counter: CounterId | undefined, clinicId: string, enabled: boolean) {
  return useQuery({
    ...counterQuery(counter ?? 'messages', clinicId),
    enabled: enabled && counter !== undefined,
  });
}
