// Issue 16 (decision 0035): a clinic's invitation code. No zod here, so the light guest screens
// (sign-up, decision 0006) can carry a code through without loading the schemas.

/** Digits and upper-case letters a person cannot confuse when reading a printed code: no 0/O, 1/I/L. */
export const INVITATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITATION_CODE_LENGTH = 8;
/** What a person may type before it is cleaned (spaces, hyphens); longer input is refused at once. */
export const INVITATION_CODE_INPUT_MAX = 40;

/** The query parameter of an invitation link (`/user/provider/connect?code=…`) and of a sign-up link. */
export const INVITATION_CODE_PARAM = 'code';
export const CLINIC_CONNECT_PATH = '/user/provider/connect';
export const CLINICS_PATH = '/user/provider';

const CODE_PATTERN = new RegExp(`^[${INVITATION_CODE_ALPHABET}]{${INVITATION_CODE_LENGTH}}$`);

/** As stored: upper case, without the spaces and hyphens people type or copy along. */
export function normalizeInvitationCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether a normalized code has the shape of one of ours (8 characters of the alphabet). */
export function isInvitationCode(normalized: string): boolean {
  return CODE_PATTERN.test(normalized);
}

/** How a code is shown: two groups of four, `HCM7-4QPD`, easier to read aloud and to type. */
export function formatInvitationCode(code: string): string {
  const normalized = normalizeInvitationCode(code);
  return normalized.length === INVITATION_CODE_LENGTH
    ? `${normalized.slice(0, 4)}-${normalized.slice(4)}`
    : normalized;
}

/** The invitation link a clinic hands out (relative; the server or page puts its own origin in front). */
export function invitationConnectPath(code: string): string {
  return `${CLINIC_CONNECT_PATH}?${INVITATION_CODE_PARAM}=${encodeURIComponent(normalizeInvitationCode(code))}`;
}

/** The code a page's query carries, when it has the right shape (normalized); otherwise null. */
export function invitationCodeOfSearch(search: string): string | null {
  const raw = new URLSearchParams(search).get(INVITATION_CODE_PARAM);
  if (raw === null || raw.length > INVITATION_CODE_INPUT_MAX) {
    return null;
  }
  const code = normalizeInvitationCode(raw);
  return isInvitationCode(code) ? code : null;
}

export const INVITATION_CODE_REQUIRED_TEXT = 'Please enter the invitation code from your clinic.';
export const INVITATION_CODE_MALFORMED_TEXT =
  'An invitation code has 8 letters and digits, like K7PM-3QXD. Please check the code and try again.';
export const INVITATION_NOT_VALID_TEXT =
  'This invitation code is not valid. It may have expired or been withdrawn; please ask your clinic for a new one.';
export const CONNECT_OWN_ACCOUNT_ONLY_TEXT =
  'Only the patient can connect their account to a clinic. Please ask the patient to enter the code.';
