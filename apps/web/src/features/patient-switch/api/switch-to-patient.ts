import type { TokenResponse } from '@app/contracts/auth';
import { apiRequest, anyBody } from '../../../lib/api/api-client.ts';
import { TOKEN_PATH } from '../../../lib/auth/token-refresh.ts';
import { loadedAppConfig } from '../../../lib/variant/app-config.ts';

/**
 * spec 2 §7 "login by clinic user id with an access token": the clinic_user grant, sent with the
 * provider's own (fresh) access token; answers the patient's tokens.
 */
export async function requestPatientTokens(patientId: string): Promise<TokenResponse> {
  const { tokenResponseSchema } = await import('@app/contracts/auth');
  return apiRequest(TOKEN_PATH, tokenResponseSchema, {
    method: 'POST',
    body: { grant_type: 'clinic_user', client_id: loadedAppConfig().clientId, clinic_user_id: patientId },
  });
}

/** Ends the current (patient) session on the server; a failure does not keep the provider switched. */
export async function revokeCurrentSession(): Promise<void> {
  try {
    await apiRequest('/api/logout', anyBody, { method: 'POST' });
  } catch {
    // Expired or unreachable: the patient session dies with the provider's anyway (spec 2 §4).
  }
}
