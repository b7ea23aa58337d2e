import { DOCTOR_PASSWORD_POLICY_TEXT } from './password-policy.ts';

// spec 1 §2 Sign-up wizard, §5, §7, §8, §9: the paths, texts and limits of sign-up, without zod, so
// screens can import them while the schemas (./sign-up.ts) load lazily (decision 0006).
// Paths (spec 1 §7 does not show them): docs/decisions/0010-sign-up.md.

export const SIGN_UP_PATHS = {
  userCheck: '/public/sign-up/user-check',
  create: '/public/sign-up/users',
  phoneValidation: '/public/sign-up/phone-validation',
  genders: '/public/sign-up/genders',
  securityData: '/api/sign-up/security-data',
} as const;

/** spec 1 §5 and §8, verbatim. The web shows them through its catalogue (signUp.error.*). */
export const SIGN_UP_MESSAGES = {
  name: 'This field should be valid and 2 characters minimum',
  username: 'This field should be valid and 6 characters minimum',
  // spec 1 §5: "a complexity error is shown"; its template is not shown, so the doctors' policy text.
  password: DOCTOR_PASSWORD_POLICY_TEXT,
  passwordTooLong: 'Password is too long (127 characters maximum)',
  passwordMismatch: 'Password does not match the confirm password.',
  email: 'This field should not be empty. Please enter a valid email address',
  mobilePhoneRequired: 'This field should not be empty. Please enter a valid mobile phone',
  mobilePhoneInvalid: 'Please enter a valid mobile phone',
  birthdate: 'Please enter a valid Date of Birth',
  gender: 'This field should be valid and not empty',
  security: 'This field should be valid and 4 characters minimum',
  terms: 'You must agree to the terms and conditions before continue',
  tooLong: 'This field is too long',
  userExists: 'This user already exists, please click here to login',
  usernameExists: 'This username already exists, please choose another.',
  securityDataAlreadySet: 'The security question is already set.',
} as const;
export type SignUpMessageKey = keyof typeof SIGN_UP_MESSAGES;

// spec 1 §9.
export const SIGN_UP_NAME_MIN = 2;
export const SIGN_UP_USERNAME_MIN = 6;
export const SIGN_UP_PASSWORD_MIN = 8;
export const SIGN_UP_PASSWORD_MAX = 127;
export const SIGN_UP_SECURITY_MIN = 4;
export const SIGN_UP_TEXT_MAX = 100;
export const SIGN_UP_EMAIL_MAX = 200;
export const MIN_BIRTHDATE = '1900-01-01';
/** spec 1 §2: the mobile phone input mask. */
export const MOBILE_PHONE_MASK = '(000)000-0000';
export const MOBILE_PHONE_DIGITS = 10;

/** spec 1 §2 'legal sex': the list the server hands out (GET genders). */
export const GENDERS = [
  { id: 'female', name: 'Female' },
  { id: 'male', name: 'Male' },
  { id: 'x', name: 'X' },
] as const;
export type GenderId = (typeof GENDERS)[number]['id'];
export const SIGN_UP_STEPS = ['name', 'info', 'login', 'create'] as const;
export type SignUpStep = (typeof SIGN_UP_STEPS)[number];
/** spec 1 §3 Sign-up request, plus the security data the wizard collects on its last step. */
export interface SignUpFormValues {
  firstName: string;
  lastName: string;
  email: string;
  mobilePhone: string;
  birthdate: string;
  gender: string;
  username: string;
  password: string;
  confirmPassword: string;
  securityQuestion: string;
  securityAnswer: string;
  terms: boolean;
}
