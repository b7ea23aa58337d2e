import type { Address } from '@app/contracts/demographics';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicAccountPath } from './demographics-paths.ts';

/** spec 2 §7 get address (clinic, account id). */
export async function getAddress(
  clinicUuid: string,
  accountId: string,
  signal?: AbortSignal,
): Promise<Address> {
  const { addressSchema } = await import('@app/contracts/demographics');
  return apiRequest(clinicAccountPath(clinicUuid, accountId, 'address'), addressSchema, { signal });
}

export function addressQuery(clinicUuid: string, accountId: string) {
  return queryOptions({
    queryKey: [clinicAccountPath(clinicUuid, accountId, 'address')],
    queryFn: ({ signal }) => getAddress(clinicUuid, accountId, signal),
  });
}
