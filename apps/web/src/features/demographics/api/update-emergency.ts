import type { EmergencyContact, UpdateEmergencyInput } from '@app/contracts/demographics';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { emergencyPath } from './demographics-paths.ts';

/** spec 2 §7 update emergency (account id); the server checks the phone is a US mobile (spec 2 §5). */
export async function updateEmergency(
  accountId: string,
  payload: UpdateEmergencyInput,
): Promise<EmergencyContact> {
  const { emergencyContactSchema } = await import('@app/contracts/demographics');
  return apiRequest(emergencyPath(accountId), emergencyContactSchema, { method: 'PUT', body: payload });
}
