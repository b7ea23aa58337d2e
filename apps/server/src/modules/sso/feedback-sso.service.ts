import { SignJWT } from 'jose';
import { FEEDBACK_REDIRECT_NOT_ALLOWED_TEXT, type FeedbackSsoResponse } from '@app/contracts/sso';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { findUserById } from '../auth/auth.repository.ts';

/** The feedback service reads the token at once; a short life keeps a leaked URL harmless. */
export const FEEDBACK_TOKEN_TTL_SECONDS = 300;

/** A redirect is followed only inside the feedback portal (no open redirect through our sign-on). */
function allowedRedirect(env: AppContext['env'], redirect: string): boolean {
  if (!env.FEEDBACK_SSO_URL || !URL.canParse(redirect)) {
    return false;
  }
  const target = new URL(redirect);
  const origins = [env.FEEDBACK_SSO_URL, env.FEEDBACK_PORTAL_URL].flatMap((value) =>
    value ? [new URL(value).origin] : [],
  );
  return (target.protocol === 'https:' || target.protocol === 'http:') && origins.includes(target.origin);
}

/**
 * The product roadmap's single sign-on (provider/canny-sso-roadmap, decision 0011): a short-lived
 * HS256 JWT naming the signed-in provider, handed to FEEDBACK_SSO_URL as ssoToken. Without
 * configuration the answer says so; nothing is faked.
 */
export async function feedbackSsoUrl(
  context: AppContext,
  auth: AuthContext,
  redirect: string | undefined,
): Promise<FeedbackSsoResponse> {
  const { FEEDBACK_SSO_URL: ssoUrl, FEEDBACK_SSO_SECRET: secret } = context.env;
  if (!ssoUrl || !secret) {
    return { configured: false };
  }
  if (redirect !== undefined && redirect !== '' && !allowedRedirect(context.env, redirect)) {
    throw new HttpError(400, FEEDBACK_REDIRECT_NOT_ALLOWED_TEXT, {
      errors: [{ detail: FEEDBACK_REDIRECT_NOT_ALLOWED_TEXT, field: 'redirect' }],
    });
  }
  const user = await findUserById(context.db, auth.userId);
  if (!user) {
    throw new Error('authenticated user vanished');
  }
  const now = Math.floor(context.now().getTime() / 1000);
  const token = await new SignJWT({
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt(now)
    .setExpirationTime(now + FEEDBACK_TOKEN_TTL_SECONDS)
    .sign(new TextEncoder().encode(secret));
  const url = new URL(ssoUrl);
  url.searchParams.set('ssoToken', token);
  const target = redirect || context.env.FEEDBACK_PORTAL_URL;
  if (target) {
    url.searchParams.set('redirect', target);
  }
  return { configured: true, url: url.href };
}
