import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { PASSKEY_FAILED_TEXT, PASSKEY_NOT_RECOGNISED_TEXT } from '@app/contracts/passkeys';
import type { AppContext } from '../../app-context.ts';
import { OAuthHttpError } from '../../platform/http-error.ts';
import { loadSimpleWebAuthn } from '../../platform/lazy/simplewebauthn.ts';
import { findUserById, type UserRow } from '../auth/auth.repository.ts';
import { takeChallenge } from './ceremony-challenge.ts';
import { findPasskeyByCredentialId, recordPasskeyUse } from './passkeys.repository.ts';
import { transportsOf } from './passkeys.service.ts';
import type { RelyingParty } from './relying-party.ts';

/**
 * The `passkey` grant (spec 1 §4 biometric login, decision 0012): a signed answer to a challenge we
 * issued, from a passkey registered to an active doctor (the Care Manager app admits doctors only,
 * like its doctor_username grant). User verification is required, so the passkey is two factors in
 * itself (the device, and the fingerprint or face): no second code is asked.
 */
export async function verifyPasskeyLogin(
  context: AppContext,
  rp: RelyingParty,
  credential: AuthenticationResponseJSON,
): Promise<UserRow> {
  const failed = (text = PASSKEY_FAILED_TEXT) => new OAuthHttpError(400, 'invalid_grant', text);
  if (context.env.APP_VARIANT !== 'care-manager') {
    throw new OAuthHttpError(400, 'unsupported_grant_type', 'Biometric login is not available in this app.');
  }
  const taken = await takeChallenge(context, 'webauthn-authentication', credential.response.clientDataJSON);
  if (!taken) {
    throw failed();
  }
  const passkey = await findPasskeyByCredentialId(context.db, credential.id);
  if (!passkey) {
    throw failed(PASSKEY_NOT_RECOGNISED_TEXT);
  }
  const { verifyAuthenticationResponse } = await loadSimpleWebAuthn();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
    });
  } catch {
    // Includes a signature counter that went backwards (a cloned authenticator).
    throw failed();
  }
  if (!verification.verified) {
    throw failed();
  }
  const user = await findUserById(context.db, passkey.userId);
  if (user?.status !== 'active' || user.memberType !== 'doctor') {
    throw failed(PASSKEY_NOT_RECOGNISED_TEXT);
  }
  await recordPasskeyUse(context.db, passkey.id, verification.authenticationInfo.newCounter, context.now());
  return user;
}
