import {
  INVALID_OAUTH_CODE_TEXT,
  REDIRECT_URI_NOT_FOUND_TEXT,
  type OAuthCodeResponse,
} from '@app/contracts/sso';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError, OAuthHttpError } from '../../platform/http-error.ts';
import { randomToken, sha256 } from '../../platform/passwords.ts';
import { findUserById, type UserRow } from '../auth/auth.repository.ts';
import { isRegisteredUri } from './sso-config.ts';
import { consumeOAuthCode, insertOAuthCode } from './sso.repository.ts';

/** Long enough to follow a redirect, short enough that a leaked link is soon worthless. */
export const OAUTH_CODE_TTL_MS = 2 * 60_000;

/** Where one-time codes may be used: OAUTH_CODE_REDIRECT_URIS, and the portal's own oauth-code route. */
export function oauthCodeRedirectUris(env: AppContext['env']): string[] {
  const own = env.PUBLIC_URL ? [new URL('/oauth-code', env.PUBLIC_URL).href] : [];
  return [...own, providerAdminRedirectUri(env), ...env.OAUTH_CODE_REDIRECT_URIS];
}

/** spec 3 §7: where the provider admin site takes its one-time codes (decision 0024). */
export function providerAdminRedirectUri(env: AppContext['env']): string {
  return `${env.PROVIDER_ADMIN_URL.replace(/\/+$/, '')}/oauth-code`;
}

function withCode(redirectUri: string, code: string): string {
  return `${redirectUri.replace(/\/+$/, '')}/${code}`;
}

/**
 * spec 1 §7 one-time auth code: a signed-in person asks for a code that logs them in once at a
 * registered redirect URI (another app of the portal, or /oauth-code/{code}). Only its hash is kept.
 */
export async function issueOAuthCode(
  context: AppContext,
  auth: AuthContext,
  redirectUri: string,
  /** What the code is for (e.g. the provider admin code's type and clinic), kept beside it. */
  data: Record<string, unknown> = {},
): Promise<OAuthCodeResponse> {
  if (!isRegisteredUri(redirectUri, oauthCodeRedirectUris(context.env))) {
    throw new HttpError(404, REDIRECT_URI_NOT_FOUND_TEXT, {
      code: 'redirect_uri_not_found',
      errors: [{ detail: REDIRECT_URI_NOT_FOUND_TEXT, field: 'redirectUri' }],
    });
  }
  const now = context.now();
  const code = randomToken(32);
  const normalised = new URL(redirectUri).href;
  await insertOAuthCode(context.db, {
    userId: auth.userId,
    tokenHash: sha256(code),
    redirectUri: normalised,
    data,
    now,
    expiresAt: new Date(now.getTime() + OAUTH_CODE_TTL_MS),
  });
  return { code, redirectUrl: withCode(redirectUri, code), expiresIn: OAUTH_CODE_TTL_MS / 1000 };
}

/**
 * The oauth_code grant: the code works once, before it expires, at the redirect URI it was issued
 * for. Every failure is the same invalid_grant; a wrong redirect URI also burns the code.
 */
export async function verifyOAuthCodeLogin(
  context: AppContext,
  code: string,
  redirectUri: string,
): Promise<UserRow> {
  const invalid = new OAuthHttpError(400, 'invalid_grant', INVALID_OAUTH_CODE_TEXT);
  const row = await consumeOAuthCode(context.db, sha256(code), context.now());
  if (!row?.userId) {
    throw invalid;
  }
  const issuedFor = row.data.redirectUri;
  if (typeof issuedFor !== 'string' || !isRegisteredUri(redirectUri, [issuedFor])) {
    throw invalid;
  }
  const user = await findUserById(context.db, row.userId);
  if (user?.status !== 'active') {
    throw invalid;
  }
  return user;
}
