import type { ProviderAdminCodeRequest, ProviderAdminCodeResponse } from '@app/contracts/provider-schedule';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const ADMIN_CODE_PATH = '/api/provider/one-time-code';

/** spec 3 §7 Provider one-time OAuth code for the provider admin site. */
export async function requestAdminCode(input: ProviderAdminCodeRequest): Promise<ProviderAdminCodeResponse> {
  const { providerAdminCodeResponseSchema } = await import('@app/contracts/provider-schedule');
  return apiRequest(ADMIN_CODE_PATH, providerAdminCodeResponseSchema, { method: 'POST', body: input });
}

/** Where the new window goes: request_url + /oauth-code/{code}?redirectTo=analytics|settings. */
export function adminSiteUrl(
  response: ProviderAdminCodeResponse,
  redirectTo: 'analytics' | 'settings',
): string {
  const base = response.request_url.replace(/\/+$/, '');
  return `${base}/oauth-code/${encodeURIComponent(response.auth_code)}?redirectTo=${redirectTo}`;
}
