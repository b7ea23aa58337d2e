import { z } from 'zod';
import { singleLineText } from './text.ts';
import { tokenResponseSchema } from './auth.ts';
import { hasPasswordComplexity } from './password-policy.ts';
import {
  GENDERS,
  MIN_BIRTHDATE,
  SIGN_UP_EMAIL_MAX,
  SIGN_UP_MESSAGES,
  SIGN_UP_NAME_MIN,
  SIGN_UP_PASSWORD_MAX,
  SIGN_UP_PASSWORD_MIN,
  SIGN_UP_SECURITY_MIN,
  SIGN_UP_TEXT_MAX,
  SIGN_UP_USERNAME_MIN,
  type GenderId,
} from './sign-up-texts.ts';

// spec 1 §2 Sign-up wizard, §3 Sign-up request and Security data, §5 Sign-up rules, §8 sign-up errors,
// §9 limits. One set of rules for the web form and the server (ARCHITECTURE.md, convention 1).
// Paths, texts and limits: ./sign-up-texts.ts (no zod there, so screens import them freely).

const GENDER_IDS = GENDERS.map((gender) => gender.id) as [GenderId, ...GenderId[]];

const M = SIGN_UP_MESSAGES;

/** Today's date (YYYY-MM-DD) where the rule runs: the browser's day in the form, the server's on the API. */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A real calendar date, YYYY-MM-DD (the MySQL date format, spec 1 §5), from 1900-01-01 to today. */
export function isValidBirthdate(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  // ISO dates compare correctly as strings.
  return real && value >= MIN_BIRTHDATE && value <= todayIsoDate(now);
}

/** Digits of a phone typed through the mask: '(212)555-0101' -> '2125550101'. */
export function phoneDigits(value: string): string {
  return value.replace(/[\s()+.-]/g, '');
}

// spec 1 §5 firstName: letters, space, apostrophe, backtick, typographic apostrophe and hyphen.
const FIRST_NAME_PATTERN = /^[\p{L}\p{M} '`’-]+$/u;
// spec 1 §5 lastName: the same, digits also allowed.
const LAST_NAME_PATTERN = /^[\p{L}\p{M}\p{N} '`’-]+$/u;

// Every text is trimmed first, so a whitespace-only value counts as empty (spec 1 §5).
export const firstNameSchema = singleLineText({ error: M.name })
  .trim()
  .min(SIGN_UP_NAME_MIN, M.name)
  .max(SIGN_UP_TEXT_MAX, M.tooLong)
  .regex(FIRST_NAME_PATTERN, M.name);

export const lastNameSchema = singleLineText({ error: M.name })
  .trim()
  .min(SIGN_UP_NAME_MIN, M.name)
  .max(SIGN_UP_TEXT_MAX, M.tooLong)
  .regex(LAST_NAME_PATTERN, M.name);

/** Optional on its own: spec 1 §5 "at least one of mobilePhone and email" is checked by the object. */
export const emailSchema = singleLineText({ error: M.email })
  .trim()
  .max(SIGN_UP_EMAIL_MAX, M.email)
  .refine((value) => value === '' || z.regexes.email.test(value), M.email);

/** The ten digits behind the mask; '' when not given. Whether it is a mobile is the phone check's job. */
export const mobilePhoneSchema = singleLineText({ error: M.mobilePhoneRequired })
  .transform(phoneDigits)
  .refine((value) => value === '' || /^\d{10}$/.test(value), M.mobilePhoneRequired);

export const birthdateSchema = singleLineText({ error: M.birthdate })
  .trim()
  .refine((value) => isValidBirthdate(value), M.birthdate);

export const genderSchema = z.enum(GENDER_IDS, { error: M.gender });

export const usernameSchema = singleLineText({ error: M.username })
  .trim()
  .min(SIGN_UP_USERNAME_MIN, M.username)
  .max(SIGN_UP_TEXT_MAX, M.tooLong);

export const signUpPasswordSchema = singleLineText({ error: M.password })
  .min(SIGN_UP_PASSWORD_MIN, M.password)
  .max(SIGN_UP_PASSWORD_MAX, M.passwordTooLong)
  .refine(hasPasswordComplexity, M.password);

export const securityTextSchema = singleLineText({ error: M.security })
  .trim()
  .min(SIGN_UP_SECURITY_MIN, M.security)
  .max(SIGN_UP_TEXT_MAX, M.tooLong);

export const termsSchema = z.boolean({ error: M.terms }).refine((value) => value, M.terms);

/**
 * spec 1 §5: at least one of mobilePhone and email; both fields say so. It runs even when another
 * field failed (zod skips object refinements after a type error, e.g. an empty gender), so the wizard
 * shows it at once; a field that is not a string has its own issue already.
 */
const requireContact = z.superRefine(
  (value: { email?: unknown; mobilePhone?: unknown } | null, ctx) => {
    // `when` below runs this on any input, a body of null included.
    if (value?.email === '' && value.mobilePhone === '') {
      ctx.addIssue({ code: 'custom', path: ['email'], message: M.email });
      ctx.addIssue({ code: 'custom', path: ['mobilePhone'], message: M.mobilePhoneRequired });
    }
  },
  { when: () => true },
);

/** spec 1 §5: confirmPassword must equal password; shown even while the username is still wrong. */
const requireMatch = z.superRefine(
  (value: { password?: unknown; confirmPassword?: unknown } | null, ctx) => {
    if (value && typeof value === 'object' && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordMismatch });
    }
  },
  { when: () => true },
);

// The wizard's steps (spec 1 §2): name 1/4, info 2/4, login 3/4, create 4/4.
export const nameStepSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema });
export const infoStepSchema = z
  .object({
    email: emailSchema,
    mobilePhone: mobilePhoneSchema,
    birthdate: birthdateSchema,
    gender: genderSchema,
  })
  .check(requireContact);
export const loginStepSchema = z
  .object({
    username: usernameSchema,
    password: signUpPasswordSchema,
    // spec 1 §5: "same rules and must equal password".
    confirmPassword: signUpPasswordSchema,
  })
  .check(requireMatch);
export const createStepSchema = z.object({
  securityQuestion: securityTextSchema,
  securityAnswer: securityTextSchema,
  terms: termsSchema,
});

export const signUpStepSchemas = {
  name: nameStepSchema,
  info: infoStepSchema,
  login: loginStepSchema,
  create: createStepSchema,
} as const;

const checkFields = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  mobilePhone: mobilePhoneSchema,
  birthdate: birthdateSchema,
};

/**
 * User check (public) — spec 1 §3: only firstName, lastName, email, mobilePhone, birthdate and
 * username are sent. The username is optional: the check after the info step comes before the login
 * step asks for it (decision 0010).
 */
export const userCheckRequestSchema = z
  .object({ ...checkFields, username: usernameSchema.optional() })
  .check(requireContact);
export type UserCheckRequest = z.input<typeof userCheckRequestSchema>;

/**
 * spec 1 §4: no existing user -> {userExists: false}; the person exists -> {userExists: true};
 * the username is taken -> {userExists: true, username: <the message for the username field>}.
 */
export const userCheckResponseSchema = z.object({
  userExists: z.boolean(),
  username: z.string().optional(),
});
export type UserCheckResponse = z.infer<typeof userCheckResponseSchema>;

/** Where the person came from; the server turns it into a redirect hint (decision 0010). */
export const signUpOriginSchema = z.object({
  clinicUuid: z.uuid('clinicUuid is not valid'),
  /** The sign-up link carried a booking (the seven booking parameters of spec 1 §2 rule 2). */
  appointment: z.boolean().default(false),
});

/**
 * User create (public). The six identity fields of spec 1 §3, plus what an account cannot do without:
 * the password (to log in again), the legal sex (required by §5) and the accepted terms. The
 * confirmPassword is removed before sending (§3); the security data follows after login.
 */
export const userCreateRequestSchema = z
  .object({
    ...checkFields,
    username: usernameSchema,
    password: signUpPasswordSchema,
    gender: genderSchema,
    terms: z.literal(true, { error: M.terms }),
    origin: signUpOriginSchema.optional(),
  })
  .check(requireContact);
export type UserCreateRequest = z.input<typeof userCreateRequestSchema>;

export const SIGN_UP_REDIRECT_HINTS = ['scheduleAppointment', 'addingProvider'] as const;
export const signUpRedirectHintSchema = z.enum(SIGN_UP_REDIRECT_HINTS);
export type SignUpRedirectHint = z.infer<typeof signUpRedirectHintSchema>;

/** spec 1 §7 User create: token, redirectTo. The token is the login (access and refresh tokens). */
export const userCreateResponseSchema = z.object({
  token: tokenResponseSchema,
  redirectTo: signUpRedirectHintSchema.nullable(),
});
export type UserCreateResponse = z.infer<typeof userCreateResponseSchema>;

/** Phone validation (public) — spec 1 §7: phone, region, type; §9 US / mobile. */
export const phoneValidationRequestSchema = z.object({
  phone: singleLineText({ error: M.mobilePhoneInvalid })
    .trim()
    .min(1, M.mobilePhoneInvalid)
    .max(30, M.mobilePhoneInvalid),
  region: singleLineText()
    .regex(/^[A-Z]{2}$/, 'region is a two-letter country code')
    .default('US'),
  type: z.enum(['mobile']).default('mobile'),
});
export type PhoneValidationRequest = z.input<typeof phoneValidationRequestSchema>;
export const phoneValidationResponseSchema = z.object({ valid: z.boolean() });

export const genderListSchema = z.array(z.object({ id: z.string(), name: z.string() }));
export type GenderOption = z.infer<typeof genderListSchema>[number];

/** Save user security data — spec 1 §3 Security data: question, answer; §5 at least 4 characters. */
export const signUpSecurityDataSchema = z.object({
  question: securityTextSchema,
  answer: securityTextSchema,
});
export type SignUpSecurityData = z.input<typeof signUpSecurityDataSchema>;
