import type {
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_FAILED_TEXT, type Passkey } from '@app/contracts/passkeys';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { loadSimpleWebAuthn } from '../../platform/lazy/simplewebauthn.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { rememberChallenge, takeChallenge } from './ceremony-challenge.ts';
import { deletePasskey, insertPasskey, listPasskeys, type PasskeyRow } from './passkeys.repository.ts';
import type { RelyingParty } from './relying-party.ts';

const TRANSPORTS: readonly string[] = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

export function transportsOf(values: readonly string[]): AuthenticatorTransport[] {
  return values.filter((value): value is AuthenticatorTransport => TRANSPORTS.includes(value));
}

/** spec 1 §1, §6: only the Care Manager app allows biometric login. */
export function assertBiometricVariant(context: AppContext): void {
  if (context.env.APP_VARIANT !== 'care-manager') {
    throw new HttpError(404, 'Biometric login is not available in this app.', {
      code: 'biometric_unavailable',
    });
  }
}

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function passkeysOf(context: AppContext, auth: AuthContext): Promise<Passkey[]> {
  return (await listPasskeys(context.db, auth.userId)).map(toPasskey);
}

export async function removePasskey(
  context: AppContext,
  auth: AuthContext,
  passkeyId: string,
): Promise<void> {
  if (!(await deletePasskey(context.db, auth.userId, passkeyId))) {
    throw new HttpError(404, 'This passkey does not exist.', { code: 'not_found' });
  }
}

/**
 * Options for navigator.credentials.create(): a discoverable credential (so the login needs no
 * username) on the device's own authenticator, with user verification (the biometric check).
 */
export async function registrationOptions(
  context: AppContext,
  auth: AuthContext,
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  assertBiometricVariant(context);
  const user = await findUserById(context.db, auth.userId);
  if (!user) {
    throw new Error('authenticated user vanished');
  }
  const existing = await listPasskeys(context.db, user.id);
  const { generateRegistrationOptions } = await loadSimpleWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // A stable handle: the same person re-registering on one device replaces the old credential there.
    userID: new TextEncoder().encode(user.id),
    userName: user.username ?? user.memberId,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row.transports),
    })),
    authenticatorSelection: {
      authenticatorAttachment: 'platform',
      residentKey: 'required',
      userVerification: 'required',
    },
  });
  await rememberChallenge(context, 'webauthn-registration', options.challenge, user.id);
  return options;
}

export async function registerPasskey(
  context: AppContext,
  auth: AuthContext,
  rp: RelyingParty,
  input: { name?: string | undefined; credential: RegistrationResponseJSON },
): Promise<Passkey> {
  assertBiometricVariant(context);
  const failed = () => new HttpError(400, PASSKEY_FAILED_TEXT, { code: 'passkey_not_verified' });
  const taken = await takeChallenge(
    context,
    'webauthn-registration',
    input.credential.response.clientDataJSON,
  );
  // The challenge must be one we gave this very person.
  if (taken?.userId !== auth.userId) {
    throw failed();
  }
  const { verifyRegistrationResponse } = await loadSimpleWebAuthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) {
    throw failed();
  }
  const { credential } = verification.registrationInfo;
  const now = context.now();
  const row = await insertPasskey(context.db, {
    userId: auth.userId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: transportsOf(credential.transports ?? []),
    name: input.name ?? 'Passkey',
    createdAt: now,
  });
  if (!row) {
    throw new HttpError(409, 'This passkey is registered already.', { code: 'passkey_exists' });
  }
  return toPasskey(row);
}

/**
 * Options for navigator.credentials.get(): no list of credentials, so the device offers the
 * passkeys it holds for this site and the answer names the account (a discoverable login).
 */
export async function authenticationOptions(
  context: AppContext,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  assertBiometricVariant(context);
  const { generateAuthenticationOptions } = await loadSimpleWebAuthn();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await rememberChallenge(context, 'webauthn-authentication', options.challenge, null);
  return options;
}
