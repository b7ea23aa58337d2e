import type { FreezeTimeSlotInput } from '@app/contracts/scheduling';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const FREEZE_PATH = '/api/scheduling/time-slots/freeze';

/** POST /api/scheduling/time-slots/freeze (spec 2 §7): holds the slot; errors carry errors[].detail. */
export async function freezeTimeSlot(input: FreezeTimeSlotInput) {
  const { freezeTimeSlotResponseSchema } = await import('@app/contracts/scheduling');
  return apiRequest(FREEZE_PATH, freezeTimeSlotResponseSchema, { method: 'POST', body: input });
}
