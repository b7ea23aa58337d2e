import { z } from 'zod';
import { singleLineText } from './text.ts';
import {
  DOCTOR_PASSWORD_MAX,
  DOCTOR_PASSWORD_MIN,
  DOCTOR_PASSWORD_POLICY_TEXT,
  hasPasswordComplexity,
} from './password-policy.ts';

// spec 1 §2 Doctor registration with pin code, §3 Doctor lookup, §7 provider calls.

const requiredText = 'This field is required';

/** GET /public/providers/exist — spec 1 §3 Doctor lookup request; spec 1 §5 last name and email required. */
export const providerLookupQuerySchema = z.object({
  lastName: singleLineText({ error: requiredText })
    .trim()
    .min(1, requiredText)
    .max(100, 'This field is too long'),
  email: singleLineText({ error: requiredText })
    .trim()
    .min(1, requiredText)
    .max(200, 'This field is too long')
    .pipe(z.email('Please enter a valid email address')),
  clinicUuid: z.uuid('clinicUuid is not valid').optional(),
});
export type ProviderLookupQuery = z.infer<typeof providerLookupQuerySchema>;

/** 200: the provider (the doctor's user id; the later calls and the pin grant take it). */
export const providerLookupResultSchema = z.object({ providerId: z.string() });
export type ProviderLookupResult = z.infer<typeof providerLookupResultSchema>;

/** 300: the same provider works in several clinics; the person chooses a Care Center (spec 1 §4). */
export const providerClinicOptionSchema = z.object({ clinicUuid: z.string(), title: z.string() });
export const providerClinicOptionsSchema = z.array(providerClinicOptionSchema);
export type ProviderClinicOption = z.infer<typeof providerClinicOptionSchema>;

export const PROVIDER_NOT_FOUND_TEXT = 'We could not find a provider with this last name and email.';
/** spec 1 §4: a pin-code send answered 406 makes the client log in afresh. */
export const PROVIDER_ALREADY_REGISTERED_TEXT = 'This provider is already registered. Please log in.';
export const PIN_CODE_SENT_TEXT = 'A pin code has been sent to your email.';
export const INVALID_PIN_CODE_TEXT = 'The pin code is incorrect or has expired.';

export const providerIdParamsSchema = z.object({ id: z.uuid('id is not valid') });

/** spec 1 §5: pin code required; we send 6 digits. */
export const pinCodeFormSchema = z.object({
  pinCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit pin code'),
});

export const doctorLookupFormSchema = z.object({
  lastName: z.string().trim().min(1, requiredText),
  email: z.string().trim().min(1, requiredText).pipe(z.email('Please enter a valid email address')),
});

// The policy text and the complexity rule live in ./password-policy.ts (no zod there: sign-up's screens
// import them eagerly, decision 0006); exported here too for the callers that know them from here.
export { DOCTOR_PASSWORD_MAX, DOCTOR_PASSWORD_MIN, DOCTOR_PASSWORD_POLICY_TEXT, hasPasswordComplexity };

export const doctorPasswordSchema = singleLineText({ error: requiredText })
  .min(DOCTOR_PASSWORD_MIN, DOCTOR_PASSWORD_POLICY_TEXT)
  .max(DOCTOR_PASSWORD_MAX, 'Password is too long (100 characters maximum)')
  .refine(hasPasswordComplexity, { message: DOCTOR_PASSWORD_POLICY_TEXT });

export const USERNAME_IN_USE_TEXT = 'This username is already in use';
const usernameText = 'This field should be valid and 6 characters minimum';

/** PATCH /api/providers/{id}/username — spec 1 §3 Registration payloads. */
export const providerUsernameSchema = z.object({
  username: singleLineText({ error: usernameText })
    .trim()
    .min(6, usernameText)
    .max(100, 'Username is too long'),
});

/** POST /api/providers/{id}/security/password — spec 1 §3 Security payloads. */
export const providerPasswordSchema = z.object({ newPassword: doctorPasswordSchema });

const questionText = 'This field should be valid and 4 characters minimum';
/** PATCH /api/providers/{id}/security/question — spec 1 §5 both fields required. */
export const providerSecurityQuestionSchema = z.object({
  question: singleLineText({ error: questionText })
    .trim()
    .min(4, questionText)
    .max(100, 'At most 100 characters'),
  answer: singleLineText({ error: questionText })
    .trim()
    .min(4, questionText)
    .max(100, 'At most 100 characters'),
});

/** The web's step-1 form (spec 1 §5 Provider registration). */
export const providerAuthDataFormSchema = z
  .object({
    username: providerUsernameSchema.shape.username,
    password: doctorPasswordSchema,
    confirmPassword: z.string().min(1, requiredText),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Password does not match the confirm password.',
    path: ['confirmPassword'],
  });

export const providerSecurityQuestionFormSchema = providerSecurityQuestionSchema;
