import type { EmergencyContact } from '@app/contracts/demographics';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { emergencyPath } from './demographics-paths.ts';

/** spec 2 §7 get emergency (account id). */
export async function getEmergency(accountId: string, signal?: AbortSignal): Promise<EmergencyContact> {
  const { emergencyContactSchema } = await import('@app/contracts/demographics');
  return apiRequest(emergencyPath(accountId), emergencyContactSchema, { signal });
}

export function emergencyQuery(accountId: string) {
  return queryOptions({
    queryKey: [emergencyPath(accountId)],
    queryFn: ({ signal }) => getEmergency(accountId, signal),
  });
}
