// spec 2 §7 demographics calls (paths ours, decision 0021).
export const DEMOGRAPHICS_PATH = '/api/demographics';

export function clinicAccountPath(
  clinicUuid: string,
  accountId: string,
  part: 'personal' | 'address',
): string {
  return `${DEMOGRAPHICS_PATH}/clinics/${encodeURIComponent(clinicUuid)}/accounts/${encodeURIComponent(accountId)}/${part}`;
}

export function emergencyPath(accountId: string): string {
  return `${DEMOGRAPHICS_PATH}/accounts/${encodeURIComponent(accountId)}/emergency`;
}
