import type { OAuthCodeResponse } from '@app/contracts/sso';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { oauthCodeRedirectUri } from '../sso-landing.ts';

/**
 * spec 1 §2 oauth-code/{code}: a one-time code for this portal's own /oauth-code route (decision
 * 0011); the browser extension's Open in Browser signs a normal tab in with it (decision 0046).
 */
export async function requestOAuthCode(origin: string): Promise<OAuthCodeResponse> {
  const { oauthCodeResponseSchema } = await import('@app/contracts/sso');
  return apiRequest('/api/oauth-code', oauthCodeResponseSchema, {
    method: 'POST',
    body: { redirectUri: oauthCodeRedirectUri(origin) },
  });
}
