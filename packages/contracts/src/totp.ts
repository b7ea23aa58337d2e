import { z } from 'zod';
import { singleLineText } from './text.ts';

// TOTP (authenticator app) as a second factor, enrolled in account settings (decision 0012).

export const totpCodeSchema = z.object({
  code: singleLineText({ error: 'The code is 6 digits' }).regex(/^\d{6}$/, 'The code is 6 digits'),
});

export const totpStatusSchema = z.object({ enabled: z.boolean() });

/** Shown once, at enrolment: the secret (for typing) and the otpauth:// URI (for the QR code). */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const TOTP_PROMPT_TEXT = 'Please enter the code from your authenticator app';
export const TOTP_WRONG_CODE_TEXT = 'The code is not correct. Please try again.';
export const TOTP_LOCKED_TEXT = 'Too many wrong codes. Please try again in 15 minutes.';
