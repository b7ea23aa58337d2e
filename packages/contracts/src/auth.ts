import { z } from 'zod';
import { singleLineText } from './text.ts';
import { authenticationResponseSchema } from './passkeys.ts';
import { memberTypeSchema, providerPermissionSchema, roleSchema } from './roles.ts';
import { quickLinkGrantFields } from './quick-links.ts';
import { ssoProviderSchema } from './sso.ts';

// The token endpoint accepts form or JSON bodies (RFC 6749 uses form encoding; our SPA sends JSON).
// Each field names itself when missing: the message reaches people as error_description.
const clientIdField = singleLineText({ error: 'client_id is required' }).min(1, 'client_id is required');

export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  client_id: clientIdField,
  username: singleLineText({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(200, 'Username is too long'),
  password: singleLineText({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is too long'),
});

/** The care-manager app's default grant (spec 1 §1): a password login that admits doctors only. */
export const doctorUsernameGrantSchema = passwordGrantSchema.extend({
  grant_type: z.literal('doctor_username'),
});

export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  client_id: clientIdField,
  refresh_token: singleLineText({ error: 'refresh_token is required' })
    .min(1, 'refresh_token is required')
    .max(200, 'refresh_token is not valid'),
});

/** Finishes a login that answered two_factor_required, with the code that was sent. */
export const twoFactorGrantSchema = z.object({
  grant_type: z.literal('two_factor'),
  client_id: clientIdField,
  challenge_id: z.uuid('challenge_id is not valid'),
  code: singleLineText({ error: 'The code is 6 digits' }).regex(/^\d{6}$/, 'The code is 6 digits'),
});

/** spec 1 §7 Doctor pin-code login: the pin code sent by POST /public/providers/{id}/pin-code. */
export const pinCodeGrantSchema = z.object({
  grant_type: z.literal('pin_code'),
  client_id: clientIdField,
  provider_id: z.uuid('provider_id is not valid'),
  pin_code: singleLineText({ error: 'The pin code is 6 digits' }).regex(
    /^\d{6}$/,
    'The pin code is 6 digits',
  ),
});

/** spec 1 §7 Clinic master-password login; the clinic id is a number (spec 1 §5). */
export const clinicPasswordGrantSchema = z.object({
  grant_type: z.literal('clinic_password'),
  client_id: clientIdField,
  clinic_id: z.coerce
    .number({ error: 'clinic_id is not valid' })
    .int('clinic_id is not valid')
    .positive('clinic_id is not valid')
    .max(2_147_483_647, 'clinic_id is not valid'),
  password: singleLineText({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is too long'),
});

/**
 * spec 1 §7 Login by ticket: memberType, id, pushId, ticket. The ticket of a registered device
 * (POST /api/user/device/{id}/ticket), pushId its device identifier, id the owner (decision 0013).
 */
export const ticketGrantSchema = z.object({
  grant_type: z.literal('ticket'),
  client_id: clientIdField,
  member_type: z.enum(['patient', 'doctor'], { error: 'member_type is not valid' }),
  id: z.uuid('id is not valid'),
  push_id: singleLineText({ error: 'push_id is required' })
    .min(1, 'push_id is required')
    .max(200, 'push_id is not valid'),
  ticket: singleLineText({ error: 'ticket is required' })
    .min(1, 'ticket is required')
    .max(200, 'ticket is not valid'),
});

/** spec 1 §7 Doctor SSO login: the EHR's authorization code, exchanged by the server (decision 0011). */
export const ssoGrantSchema = z.object({
  grant_type: z.literal('sso'),
  client_id: clientIdField,
  provider: ssoProviderSchema,
  code: singleLineText({ error: 'code is required' })
    .min(1, 'code is required')
    .max(2000, 'code is not valid'),
  redirect_uri: singleLineText({ error: 'redirect_uri is required' })
    .min(1, 'redirect_uri is required')
    .max(2000, 'redirect_uri is not valid'),
});

/** spec 1 §2 oauth-code/{code}: a one-time login code, bound to the redirect URI it was issued for. */
export const oauthCodeGrantSchema = z.object({
  grant_type: z.literal('oauth_code'),
  client_id: clientIdField,
  code: singleLineText({ error: 'code is required' })
    .min(1, 'code is required')
    .max(200, 'code is not valid'),
  redirect_uri: singleLineText({ error: 'redirect_uri is required' })
    .min(1, 'redirect_uri is required')
    .max(2000, 'redirect_uri is not valid'),
});

/** Biometric login (spec 1 §4) with a passkey: the signed answer to /public/passkeys/login-options. */
export const passkeyGrantSchema = z.object({
  grant_type: z.literal('passkey'),
  client_id: clientIdField,
  credential: authenticationResponseSchema,
});

/**
 * spec 2 §4 provider-to-patient switch ("login by clinic user id with an access token", spec 2 §7):
 * the provider's own access token goes in the Authorization header; clinic_user_id is the patient's
 * user id. The answer is a patient session marked as switched by that provider.
 */
export const clinicUserGrantSchema = z.object({
  grant_type: z.literal('clinic_user'),
  client_id: clientIdField,
  clinic_user_id: z.uuid('clinic_user_id is not valid'),
});

/**
 * spec 3 §4, §7 "Login as family member ... token requests use a family grant" (decision 0027): the
 * primary user's own access token goes in the Authorization header; family_user_id is a member linked
 * to that user. The answer is the member's session, bounded by the primary user's session.
 */
export const familyGrantSchema = z.object({
  grant_type: z.literal('family'),
  client_id: clientIdField,
  family_user_id: z.uuid('family_user_id is not valid'),
});

/** spec 2 §2, §7 "logins by check-in, messaging, confirm, careplan, on-fly, outside links" (decision 0019). */
export const quickLinkGrantSchema = z.object({
  grant_type: z.literal('quick_link'),
  client_id: clientIdField,
  ...quickLinkGrantFields,
});

export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  passwordGrantSchema,
  doctorUsernameGrantSchema,
  refreshGrantSchema,
  twoFactorGrantSchema,
  pinCodeGrantSchema,
  clinicPasswordGrantSchema,
  ticketGrantSchema,
  ssoGrantSchema,
  oauthCodeGrantSchema,
  passkeyGrantSchema,
  clinicUserGrantSchema,
  quickLinkGrantSchema,
  familyGrantSchema,
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** spec 1 §3: Login result. */
export const loginResultSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberType: memberTypeSchema,
  role: roleSchema,
  isResetPasswordRequired: z.boolean(),
  isSecurityQuestionEmpty: z.boolean(),
  /** spec 2 §4: present in a patient session a provider switched into: that provider's user id. */
  switchedBy: z.string().optional(),
  /** spec 3 §4 family switch: present in a family member's session: the primary user's id. */
  familyPrimaryUserId: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  user: loginResultSchema,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const TWO_FACTOR_CHANNELS = ['sms', 'email'] as const;

/**
 * The password step's answer when the account requires a second factor (HTTP 401).
 * kind 'code': a 6-digit code was sent ('Code has been sent') to the listed channels.
 * kind 'phone': the account has no channel to send to; the user first gives a phone number
 * (spec 1 §2 phone-verification screen), then a code is sent to it.
 */
export const twoFactorRequiredSchema = z.object({
  error: z.literal('two_factor_required'),
  error_description: z.string(),
  challenge_id: z.string(),
  /** 'totp': the code comes from the person's authenticator app; nothing was sent (decision 0012). */
  kind: z.enum(['code', 'phone', 'totp']),
  channels: z.array(z.enum(TWO_FACTOR_CHANNELS)),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

export const CODE_SENT_TEXT = 'Code has been sent';

/** POST /public/two-factor/:challengeId/phone — phone-verification variant (spec 1 §5). */
export const phoneVerificationSchema = z.object({
  phone: singleLineText()
    .min(1, 'Please enter home or mobile phone number')
    .regex(/^\d+$/, 'Please enter home or mobile phone number')
    .min(10, 'Please enter home or mobile phone number')
    .max(15, 'Please enter home or mobile phone number'),
});

/** spec 1 §5: the login PIN is exactly 6 digits, digits only. */
export const twoFactorCodeFormSchema = z.object({
  code: z.string().regex(/^\d{6}$/, 'Please enter the 6-digit code'),
});

export const loginFormSchema = z.object({
  username: z.string().trim().min(1, 'This field is required'),
  password: z.string().min(1, 'This field is required'),
});

export const challengeParamsSchema = z.object({ challengeId: z.uuid('challengeId is not valid') });

export const messageResponseSchema = z.object({ message: z.string() });

/** GET /api/me — spec 1 §3 user record, plus the provider's permissions (spec 1 §4). */
export const currentUserSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberType: memberTypeSchema,
  role: roleSchema,
  /** Null while a provider who logged in with a pin code has not chosen one yet (spec 1 §2). */
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  image: z.string().nullable(),
  timezone: z.string().nullable(),
  status: z.string(),
  communicationLanguage: z.object({ isoCode: z.string() }),
  isResetPasswordRequired: z.boolean(),
  isSecurityQuestionEmpty: z.boolean(),
  providerPermissions: z.array(providerPermissionSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const INVALID_CREDENTIALS_TEXT = 'Invalid username and password combination';
export const INVALID_CODE_TEXT = 'The verification code is incorrect or has expired.';
export const TOO_MANY_CODE_TRIES_TEXT = 'Too many wrong codes. Please log in again to get a new code.';
