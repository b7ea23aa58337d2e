import type { PersonalData } from '@app/contracts/demographics';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicAccountPath } from './demographics-paths.ts';

/** spec 2 §7 get personal (clinic, account id). */
export async function getPersonal(
  clinicUuid: string,
  accountId: string,
  signal?: AbortSignal,
): Promise<PersonalData> {
  const { personalDataSchema } = await import('@app/contracts/demographics');
  return apiRequest(clinicAccountPath(clinicUuid, accountId, 'personal'), personalDataSchema, { signal });
}

export function personalQuery(clinicUuid: string, accountId: string) {
  return queryOptions({
    queryKey: [clinicAccountPath(clinicUuid, accountId, 'personal')],
    queryFn: ({ signal }) => getPersonal(clinicUuid, accountId, signal),
  });
}
