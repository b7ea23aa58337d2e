import type { TotpEnrolment } from '@app/contracts/totp';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const TOTP_PATH = '/api/user/totp';

export async function getTotpStatus(signal?: AbortSignal): Promise<{ enabled: boolean }> {
  const { totpStatusSchema } = await import('@app/contracts/totp');
  return apiRequest(TOTP_PATH, totpStatusSchema, { signal });
}

export async function startTotpEnrolment(): Promise<TotpEnrolment> {
  const { totpEnrolmentSchema } = await import('@app/contracts/totp');
  return apiRequest(`${TOTP_PATH}/enrolment`, totpEnrolmentSchema, { method: 'POST' });
}

export async function confirmTotp(code: string): Promise<{ enabled: boolean }> {
  const { totpStatusSchema } = await import('@app/contracts/totp');
  return apiRequest(`${TOTP_PATH}/confirm`, totpStatusSchema, { method: 'POST', body: { code } });
}

export async function disableTotp(code: string): Promise<{ enabled: boolean }> {
  const { totpStatusSchema } = await import('@app/contracts/totp');
  return apiRequest(`${TOTP_PATH}/disable`, totpStatusSchema, { method: 'POST', body: { code } });
}
