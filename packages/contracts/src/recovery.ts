import { z } from 'zod';
import { singleLineText } from './text.ts';

/**
 * Credential recovery (spec 1 §2, §4, §5, §8): forgot username, forgot password, temporary password
 * and activation link. Paths are ours (spec 1 §7 does not show them); see decision 0008.
 */

export const RECOVERY_TOKEN_TTL_MINUTES = 15;
/** Wrong answers allowed on one recovery token before it is spent. */
export const RECOVERY_MAX_ATTEMPTS = 5;
/** Text messages allowed to one number within SMS_CAP_WINDOW_MINUTES (issue 3, Must show). */
export const SMS_CAP_PER_NUMBER = 3;
export const SMS_CAP_WINDOW_MINUTES = 15;
export const ACTIVATION_LINK_TTL_HOURS = 48;

export const REQUIRED_TEXT = 'This field is required.';
export const NO_ACCOUNT_FOUND_TEXT = 'We could not find an account matching these details.';
export const WRONG_ANSWER_TEXT = 'The answer to your security question is not correct.';
export const RECOVERY_EXPIRED_TEXT = 'This recovery request has expired. Please start again.';
export const CHANNEL_UNAVAILABLE_TEXT = 'This way of contact is not available for your account.';
export const SMS_CAP_TEXT =
  'Too many text messages have been sent to this number. Please try again later or choose e-mail.';
export const ACTIVATION_LINK_INVALID_TEXT = 'This activation link is invalid or has expired.';
export const ACCOUNT_ACTIVATED_TEXT = 'Your account has been activated. You can now log in.';
/** spec 1 §8, verbatim; {email} is the support address (SUPPORT_EMAIL). */
export const noSecurityQuestionText = (email: string) =>
  `You need to have a security question set to use the forgot password feature, please email ${email}`;

const requiredText = (max: number) => singleLineText().trim().min(1, REQUIRED_TEXT).max(max);

export const recoveryChannelSchema = z.enum(['email', 'sms']);
export type RecoveryChannel = z.infer<typeof recoveryChannelSchema>;

export const recoveryTokenSchema = singleLineText().min(16).max(200);

/** spec 1 §5: firstName, lastName, birthDate all required. birthDate as YYYY-MM-DD. */
export const forgotUsernameLookupSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  birthDate: z.iso.date(REQUIRED_TEXT),
});
export type ForgotUsernameLookup = z.infer<typeof forgotUsernameLookupSchema>;

/** Where a message went: the e-mail (masked in the username flow) or the last 4 digits of the phone. */
export const sentInfoSchema = z.object({ channel: recoveryChannelSchema, target: z.string() });
export type SentInfo = z.infer<typeof sentInfoSchema>;

/**
 * spec 1 §4: with both channels the client shows the channel step (token set, sent null); with one,
 * the username has been sent at once (sent set, token null).
 */
export const forgotUsernameLookupResponseSchema = z.object({
  token: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  sent: sentInfoSchema.nullable(),
});
export type ForgotUsernameLookupResponse = z.infer<typeof forgotUsernameLookupResponseSchema>;

export const recoveryChannelRequestSchema = z.object({
  token: recoveryTokenSchema,
  channel: recoveryChannelSchema,
});
export type RecoveryChannelRequest = z.infer<typeof recoveryChannelRequestSchema>;

/** spec 1 §5: username required. */
export const forgotPasswordStartSchema = z.object({ username: requiredText(200) });
export type ForgotPasswordStart = z.infer<typeof forgotPasswordStartSchema>;

/** Same shape for known and unknown usernames (decoy token and question for the latter). */
export const forgotPasswordStartResponseSchema = z.object({ token: z.string(), question: z.string() });
export type ForgotPasswordStartResponse = z.infer<typeof forgotPasswordStartResponseSchema>;

export const securityAnswerRequestSchema = z.object({
  token: recoveryTokenSchema,
  answer: requiredText(200),
});
export type SecurityAnswerRequest = z.infer<typeof securityAnswerRequestSchema>;

/** spec 1 §3 security-reply response: mobilePhone (masked to its ending), email; plus the branch. */
export const securityAnswerResponseSchema = z.object({
  token: z.string(),
  activated: z.boolean(),
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
});
export type SecurityAnswerResponse = z.infer<typeof securityAnswerResponseSchema>;

export const activateAccountSchema = z.object({ token: recoveryTokenSchema });
export const activateAccountResponseSchema = z.object({ message: z.string() });

/** Shows only the ending of a phone number (spec 1 §2, §9: 4 digits). */
export function phoneEnding(phone: string): string {
  return phone.replace(/\D/g, '').slice(-4);
}

/** 'j***@example.com': enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? `${email.slice(0, 1)}***${email.slice(at)}` : '***';
}
