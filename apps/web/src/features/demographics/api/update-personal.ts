import type { PersonalData } from '@app/contracts/demographics';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicAccountPath } from './demographics-paths.ts';

/** spec 2 §7 update personal (clinic, account id, payload plus departmentUuid); the payload already follows spec 2 §5. */
export async function updatePersonal(
  clinicUuid: string,
  accountId: string,
  payload: Record<string, unknown>,
): Promise<PersonalData> {
  const { personalDataSchema } = await import('@app/contracts/demographics');
  return apiRequest(clinicAccountPath(clinicUuid, accountId, 'personal'), personalDataSchema, {
    method: 'PUT',
    body: payload,
  });
}
