import type { TokenResponse } from '@app/contracts/auth';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { TOKEN_PATH } from '../../../lib/auth/token-refresh.ts';
import { loadedAppConfig } from '../../../lib/variant/app-config.ts';

/**
 * spec 3 §7 "Login as family member ... token requests use a family grant": sent with the primary
 * user's own access token; answers the member's tokens.
 */
export async function requestFamilyTokens(familyUserId: string): Promise<TokenResponse> {
  const { tokenResponseSchema } = await import('@app/contracts/auth');
  return apiRequest(TOKEN_PATH, tokenResponseSchema, {
    method: 'POST',
    body: { grant_type: 'family', client_id: loadedAppConfig().clientId, family_user_id: familyUserId },
  });
}
