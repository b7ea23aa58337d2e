// spec 1 §5, §6: the password complexity rule (provider registration, the security page for doctors,
// sign-up) and the doctors' policy text. No zod here, so screens can import it (decision 0006).

/** spec 1 §6: the doctors' own password policy text. */
export const DOCTOR_PASSWORD_POLICY_TEXT =
  'Use 8 or more characters with a mix of letters, numbers & symbols';
export const DOCTOR_PASSWORD_MIN = 8;
export const DOCTOR_PASSWORD_MAX = 100;

/** The password complexity rule (letters, digits and a symbol); sign-up uses it too (spec 1 §5). */
export function hasPasswordComplexity(value: string): boolean {
  return /[A-Za-z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value);
}
