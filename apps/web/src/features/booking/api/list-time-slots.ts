import type { TimeSlotQuery } from '@app/contracts/scheduling';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { toQueryString } from './query-string.ts';

export const TIME_SLOTS_PATH = '/api/scheduling/time-slots';

/** GET /api/scheduling/time-slots for one window of mysql dates, inclusive (spec 2 §7 Time slots list). */
export async function listTimeSlots(query: TimeSlotQuery, signal?: AbortSignal) {
  const { timeSlotListResponseSchema } = await import('@app/contracts/scheduling');
  return apiRequest(`${TIME_SLOTS_PATH}${toQueryString({ ...query })}`, timeSlotListResponseSchema, {
    signal,
  });
}
