import { useMutation } from '@tanstack/react-query';
import type { TokenResponse, TwoFactorRequired } from '@app/contracts/auth';
import { GENERIC_ERROR_TEXT } from '@app/contracts/errors';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { TOKEN_PATH } from '../../../lib/auth/token-refresh.ts';

/** The login grants the screens send (refresh is the session's business, lib/auth/token-refresh.ts). */
export type LoginGrant =
  | { grant_type: 'password' | 'doctor_username'; client_id: string; username: string; password: string }
  | { grant_type: 'two_factor'; client_id: string; challenge_id: string; code: string }
  | { grant_type: 'sso'; client_id: string; provider: string; code: string; redirect_uri: string }
  | { grant_type: 'oauth_code'; client_id: string; code: string; redirect_uri: string }
  | { grant_type: 'quick_link'; client_id: string; code: string; user_id: string };

export type TokenOutcome =
  { kind: 'tokens'; tokens: TokenResponse } | { kind: 'two-factor'; challenge: TwoFactorRequired };

/** POST /oauth/v2/token: tokens, or a 401 that asks for a second factor (spec 1 §4). */
export async function requestToken(grant: LoginGrant): Promise<TokenOutcome> {
  // Fetched on the first login attempt, not with the first page (decision 0006).
  const { tokenResponseSchema, twoFactorRequiredSchema } = await import('@app/contracts/auth');
  try {
    const tokens = await apiRequest(TOKEN_PATH, tokenResponseSchema, {
      method: 'POST',
      body: grant,
      auth: false,
    });
    return { kind: 'tokens', tokens };
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) {
      const challenge = twoFactorRequiredSchema.safeParse(error.body);
      if (challenge.success) {
        return { kind: 'two-factor', challenge: challenge.data };
      }
    }
    throw error;
  }
}

export function useRequestToken() {
  return useMutation({
    mutationFn: requestToken,
    // The login screens show the server's text in their own alert (spec 1 §8 "Login"), so the banner
    // stays out of it and the page never carries the same error twice.
    meta: { url: TOKEN_PATH, errorBanner: false },
  });
}

/** The text a login screen shows for a failed call: the server's error_description (spec 1 §8). */
export function authErrorText(error: unknown): string {
  if (isApiRequestError(error) && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as Record<string, unknown>;
    for (const field of ['error_description', 'message'] as const) {
      const value = body[field];
      if (typeof value === 'string' && value.trim()) {
        return value;
      }
    }
  }
  return GENERIC_ERROR_TEXT;
}
