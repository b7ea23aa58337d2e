import {
  SSO_FAILED_TEXT,
  SSO_NO_ACCOUNT_TEXT,
  SSO_NOT_CONFIGURED_TEXT,
  SSO_REDIRECT_NOT_ALLOWED_TEXT,
} from '@app/contracts/sso';
import type { SsoProvider } from '@app/contracts/sso-params';
import type { AppContext } from '../../app-context.ts';
import { OAuthHttpError } from '../../platform/http-error.ts';
import { findUserById, type UserRow } from '../auth/auth.repository.ts';
import { isRegisteredUri, ssoClientConfig } from './sso-config.ts';
import { exchangeAuthorizationCode, type SsoIdentityClaims } from './sso-exchange.ts';
import {
  findActiveDoctorIdsByEmail,
  findLinkedUserId,
  linkIdentity,
  touchIdentity,
} from './sso.repository.ts';

function ssoRejected(description = SSO_FAILED_TEXT): OAuthHttpError {
  return new OAuthHttpError(400, 'invalid_grant', description);
}

/**
 * The sso grant (spec 1 §7 Doctor SSO login: provider, code, redirect_uri). The server exchanges the
 * EHR's code with its own client credentials, then signs in the provider account linked to the ID
 * token's subject (decision 0011). The EHR has authenticated the person, so no second factor follows.
 */
export async function verifySsoLogin(
  context: AppContext,
  input: { provider: SsoProvider; code: string; redirectUri: string },
): Promise<UserRow> {
  const config = ssoClientConfig(context.env, input.provider);
  if (!config) {
    throw new OAuthHttpError(400, 'unsupported_provider', SSO_NOT_CONFIGURED_TEXT(input.provider));
  }
  // Checked before the EHR is called: a code is never sent anywhere for an unregistered address.
  if (!isRegisteredUri(input.redirectUri, config.redirectUris)) {
    throw new OAuthHttpError(400, 'invalid_request', SSO_REDIRECT_NOT_ALLOWED_TEXT);
  }
  const result = await exchangeAuthorizationCode(config, input.code, input.redirectUri);
  if (result.kind === 'unavailable') {
    throw new OAuthHttpError(
      503,
      'temporarily_unavailable',
      `Single sign-on with ${input.provider} is not available right now. Please try again later.`,
    );
  }
  if (result.kind === 'rejected') {
    throw ssoRejected();
  }
  const user = await accountOf(context, input.provider, result.claims);
  if (user?.memberType !== 'doctor' || user.status !== 'active') {
    throw ssoRejected(SSO_NO_ACCOUNT_TEXT);
  }
  await touchIdentity(context.db, input.provider, result.claims.subject, context.now());
  return user;
}

/**
 * A subject signs in as the account it is linked to. The first sign-on links it when the EHR vouches
 * for an email (email_verified) that exactly one active doctor has; anything else is refused rather
 * than guessed, and an administrator links the account (decision 0011).
 */
async function accountOf(
  context: AppContext,
  provider: SsoProvider,
  claims: SsoIdentityClaims,
): Promise<UserRow | undefined> {
  const linked = await findLinkedUserId(context.db, provider, claims.subject);
  if (linked) {
    return findUserById(context.db, linked);
  }
  if (!claims.email || !claims.emailVerified) {
    return undefined;
  }
  const candidates = await findActiveDoctorIdsByEmail(context.db, claims.email);
  const [only] = candidates;
  if (candidates.length !== 1 || !only) {
    return undefined;
  }
  const userId = await linkIdentity(context.db, {
    provider,
    subject: claims.subject,
    userId: only,
    now: context.now(),
  });
  return userId ? findUserById(context.db, userId) : undefined;
}
