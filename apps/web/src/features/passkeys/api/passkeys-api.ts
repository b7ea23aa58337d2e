import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { TokenResponse } from '@app/contracts/auth';
import type { Passkey } from '@app/contracts/passkeys';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { TOKEN_PATH } from '../../../lib/auth/token-refresh.ts';

// The WebAuthn options are WebAuthn's own JSON, passed to @simplewebauthn/browser as they are.
// Schemas are imported when a call is made: the login screen imports this file (decision 0006).

export const PASSKEYS_PATH = '/api/passkeys';

export async function fetchRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { creationOptionsSchema } = await import('@app/contracts/passkeys');
  const options = await apiRequest('/api/passkeys/registration-options', creationOptionsSchema, {
    method: 'POST',
  });
  return options as unknown as PublicKeyCredentialCreationOptionsJSON;
}

export async function savePasskey(input: { name: string; credential: unknown }): Promise<Passkey> {
  const { passkeySchema } = await import('@app/contracts/passkeys');
  return apiRequest(PASSKEYS_PATH, passkeySchema, { method: 'POST', body: input });
}

export async function fetchLoginOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { requestOptionsSchema } = await import('@app/contracts/passkeys');
  const options = await apiRequest('/public/passkeys/login-options', requestOptionsSchema, {
    method: 'POST',
    auth: false,
  });
  return options;
}

/** The `passkey` grant: the same login result as the password login (spec 1 §3). */
export async function passkeyLogin(
  clientId: string,
  credential: AuthenticationResponseJSON,
): Promise<TokenResponse> {
  const { tokenResponseSchema } = await import('@app/contracts/auth');
  return apiRequest(TOKEN_PATH, tokenResponseSchema, {
    method: 'POST',
    auth: false,
    body: { grant_type: 'passkey', client_id: clientId, credential },
  });
}

export async function listPasskeys(): Promise<Passkey[]> {
  const { passkeyListSchema } = await import('@app/contracts/passkeys');
  return apiRequest(PASSKEYS_PATH, passkeyListSchema);
}

export async function removePasskey(passkeyId: string): Promise<void> {
  const { messageResponseSchema } = await import('@app/contracts/auth');
  await apiRequest(`${PASSKEYS_PATH}/${encodeURIComponent(passkeyId)}`, messageResponseSchema, {
    method: 'DELETE',
  });
}
