import { queryOptions } from '@tanstack/react-query';
import type { MasterPasswordResponse } from '@app/contracts/clinic-admin';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './clinic-path.ts';

/** spec 3 §7 Master password get. */
export async function getMasterPassword(
  clinicId: string,
  signal?: AbortSignal,
): Promise<MasterPasswordResponse> {
  const { masterPasswordResponseSchema } = await import('@app/contracts/clinic-admin');
  return apiRequest(clinicPath(clinicId, 'master-password'), masterPasswordResponseSchema, { signal });
}

export function masterPasswordQuery(clinicId: string) {
  return queryOptions({
    queryKey: [clinicPath(clinicId, 'master-password')],
    queryFn: ({ signal }) => getMasterPassword(clinicId, signal),
  });
}

/** spec 3 §7 Master password refresh: answers the new password. */
export async function resetMasterPassword(clinicId: string): Promise<MasterPasswordResponse> {
  const { masterPasswordResponseSchema } = await import('@app/contracts/clinic-admin');
  return apiRequest(clinicPath(clinicId, 'master-password/refresh'), masterPasswordResponseSchema, {
    method: 'POST',
  });
}
