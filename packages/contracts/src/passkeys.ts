import { z } from 'zod';
import { singleLineText } from './text.ts';

// Biometric login (spec 1 §1, §4) as WebAuthn passkeys: docs/decisions/0012-passkeys-and-totp.md.
// The WebAuthn JSON shapes are @simplewebauthn's; we check the fields we rely on and let the library
// check the rest (it rejects anything malformed with its own error, which we answer as a 400).

const base64url = singleLineText()
  .min(1)
  .max(2048)
  .regex(/^[A-Za-z0-9_-]+$/, 'not base64url');

/** What the browser returns from navigator.credentials.create(), as JSON (RegistrationResponseJSON). */
export const registrationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: singleLineText().min(1).max(16_384),
    transports: z.array(singleLineText().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
});

/** What the browser returns from navigator.credentials.get(), as JSON (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}),
});

export const passkeyNameSchema = singleLineText()
  .trim()
  .min(1, 'Please give the passkey a name')
  .max(60, 'The name is 60 characters at most');

export const registerPasskeyRequestSchema = z.object({
  name: passkeyNameSchema.optional(),
  credential: registrationResponseSchema,
});

/** Options for navigator.credentials.create/get, passed untouched to @simplewebauthn/browser. */
export const creationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
});
export const requestOptionsSchema = z.looseObject({ challenge: z.string() });

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);
export const passkeyParamsSchema = z.object({ passkeyId: z.uuid('passkeyId is not valid') });

export { PASSKEY_FAILED_TEXT, PASSKEY_NOT_RECOGNISED_TEXT } from './passkey-texts.ts';
