// Passkey error texts, kept free of zod: the login screen imports them, and its first page must not
// load the schema library (decision 0006).

export const PASSKEY_NOT_RECOGNISED_TEXT =
  'This passkey is not recognised. Please log in with your password.';
export const PASSKEY_FAILED_TEXT = 'The passkey could not be verified. Please try again.';
