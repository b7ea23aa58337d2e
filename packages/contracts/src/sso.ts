import { z } from 'zod';
import { singleLineText } from './text.ts';
import { SSO_PROVIDERS } from './sso-params.ts';

// Provider single sign-on, one-time login codes and the feedback portal's sign-on (spec 1 §2, §4, §7;
// decision 0011).

export const ssoProviderSchema = z.enum(SSO_PROVIDERS, { error: 'Unknown single sign-on provider.' });

export const SSO_NOT_CONFIGURED_TEXT = (provider: string) =>
  `Single sign-on with ${provider} is not configured.`;
export const SSO_REDIRECT_NOT_ALLOWED_TEXT = 'This redirect_uri is not registered for single sign-on.';
export const SSO_FAILED_TEXT = 'Single sign-on failed. Please log in.';
export const SSO_NO_ACCOUNT_TEXT = 'No provider account matches this sign-on.';

/** spec 1 §7 one-time auth code call: only registered redirect URIs get a code. */
export const REDIRECT_URI_NOT_FOUND_TEXT = 'RedirectUri has not been found.';
export const INVALID_OAUTH_CODE_TEXT = 'The one-time code is not valid or has expired.';

export const oauthCodeRequestSchema = z.object({
  redirectUri: singleLineText({ error: 'redirectUri is required' })
    .min(1, 'redirectUri is required')
    .max(2000, REDIRECT_URI_NOT_FOUND_TEXT),
});
export type OAuthCodeRequest = z.infer<typeof oauthCodeRequestSchema>;

export const oauthCodeResponseSchema = z.object({
  code: z.string(),
  /** Where to send the person: the redirect URI with the code appended as a path segment. */
  redirectUrl: z.string(),
  expiresIn: z.number().int(),
});
export type OAuthCodeResponse = z.infer<typeof oauthCodeResponseSchema>;

/** The roadmap screen (provider/canny-sso-roadmap): where the feedback service's sign-on goes. */
export const feedbackSsoQuerySchema = z.object({
  redirect: singleLineText().max(2000, 'redirect is too long').optional(),
});

export const feedbackSsoResponseSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(true), url: z.string() }),
  z.object({ configured: z.literal(false) }),
]);
export type FeedbackSsoResponse = z.infer<typeof feedbackSsoResponseSchema>;

export const FEEDBACK_REDIRECT_NOT_ALLOWED_TEXT = 'This redirect is not part of the feedback portal.';
