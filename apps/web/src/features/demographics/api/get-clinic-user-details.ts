import type { ClinicUserDetails } from '@app/contracts/demographics';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { DEMOGRAPHICS_PATH } from './demographics-paths.ts';

function path(clinicUuid: string, userId: string): string {
  return `${DEMOGRAPHICS_PATH}/clinics/${encodeURIComponent(clinicUuid)}/users/${encodeURIComponent(userId)}`;
}

/** spec 2 §7 get clinic user details (clinic, user): patientId and phones. */
export async function getClinicUserDetails(
  clinicUuid: string,
  userId: string,
  signal?: AbortSignal,
): Promise<ClinicUserDetails> {
  const { clinicUserDetailsSchema } = await import('@app/contracts/demographics');
  return apiRequest(path(clinicUuid, userId), clinicUserDetailsSchema, { signal });
}

export function clinicUserDetailsQuery(clinicUuid: string, userId: string) {
  return queryOptions({
    queryKey: [path(clinicUuid, userId)],
    queryFn: ({ signal }) => getClinicUserDetails(clinicUuid, userId, signal),
  });
}
