import type { Address } from '@app/contracts/demographics';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicAccountPath } from './demographics-paths.ts';

/** spec 2 §7 update address (clinic, account id); phone fields already removed (spec 2 §5). */
export async function updateAddress(
  clinicUuid: string,
  accountId: string,
  payload: Record<string, unknown>,
): Promise<Address> {
  const { addressSchema } = await import('@app/contracts/demographics');
  return apiRequest(clinicAccountPath(clinicUuid, accountId, 'address'), addressSchema, {
    method: 'PUT',
    body: payload,
  });
}
