import type { IncomingHttpHeaders } from 'node:http';
import {
  INVALID_CREDENTIALS_TEXT,
  type CurrentUser,
  type TokenRequest,
  type TokenResponse,
  type TwoFactorRequired,
} from '@app/contracts/auth';
import { providerPermissionSchema, roleOfMemberType } from '@app/contracts/roles';
import { CLIENT_IDS } from '@app/contracts/session';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { OAuthHttpError } from '../../platform/http-error.ts';
import { clearLoginFailures, isLoginThrottled, recordLoginFailure } from '../../platform/login-throttle.ts';
import { dummySecretHash, hashSecret, needsRehash, sha256, verifySecret } from '../../platform/passwords.ts';
import {
  findRefreshToken,
  findUserById,
  findUserByUsername,
  markRefreshTokenUsed,
  providerPermissionsOf,
  revokeSession,
  touchSession,
  updatePasswordHash,
} from './auth.repository.ts';
import { verifyClinicPasswordLogin } from '../clinics/clinic-login.service.ts';
import { verifyPasskeyLogin } from '../passkeys/passkey-login.ts';
import { relyingPartyOf, type RequestHost } from '../passkeys/relying-party.ts';
import { totpEnabled } from '../totp/totp.service.ts';
import { verifyPinCodeLogin } from '../providers/provider-registration.service.ts';
import { verifyTicketLogin } from '../devices/device-ticket-login.ts';
import { verifyOAuthCodeLogin } from '../sso/oauth-code.service.ts';
import { verifyQuickLinkLogin } from '../quick-links/quick-links.service.ts';
import { verifySsoLogin } from '../sso/sso-login.service.ts';
import { switchToPatient } from '../patients/patient-switch.service.ts';
import { switchToFamilyMember } from '../family/family-switch.service.ts';
import { issueTokens, loginDeviceOf, startSession, type LoginDevice } from './session-tokens.ts';
import { startTwoFactorChallenge, verifyTwoFactorCode } from './two-factor.service.ts';

export type TokenOutcome =
  { kind: 'tokens'; body: TokenResponse } | { kind: 'two-factor'; body: TwoFactorRequired };

function invalidGrant(description = INVALID_CREDENTIALS_TEXT): OAuthHttpError {
  return new OAuthHttpError(400, 'invalid_grant', description);
}

const FIRST_PARTY_CLIENTS: readonly string[] = Object.values(CLIENT_IDS);

export async function handleTokenRequest(
  context: AppContext,
  request: TokenRequest,
  /** The request itself: where it was sent (passkeys) and its bearer token (clinic_user grant). */
  sentTo: RequestHost & { headers: IncomingHttpHeaders; ip: string },
): Promise<TokenOutcome> {
  if (!FIRST_PARTY_CLIENTS.includes(request.client_id)) {
    throw new OAuthHttpError(400, 'invalid_client', 'Unknown client.');
  }
  const device = loginDeviceOf(sentTo);
  switch (request.grant_type) {
    case 'password':
    case 'doctor_username':
      return passwordLogin(context, {
        clientId: request.client_id,
        username: request.username,
        password: request.password,
        // spec 1 §1: the care-manager app's doctor-username grant admits providers only.
        doctorsOnly: request.grant_type === 'doctor_username',
        ip: sentTo.ip,
        device,
      });
    case 'refresh_token':
      return { kind: 'tokens', body: await refresh(context, request.client_id, request.refresh_token) };
    case 'two_factor': {
      const user = await verifyTwoFactorCode(context, request.challenge_id, request.client_id, request.code);
      return { kind: 'tokens', body: await startSession(context, user, request.client_id, device) };
    }
    case 'pin_code': {
      // spec 1 §4: pin login leads to provider/auth-data, where the doctor chooses credentials.
      const user = await verifyPinCodeLogin(context, request.provider_id, request.pin_code);
      return { kind: 'tokens', body: await startSession(context, user, request.client_id, device) };
    }
    case 'clinic_password': {
      const user = await verifyClinicPasswordLogin(context, request.clinic_id, request.password, sentTo.ip);
      return { kind: 'tokens', body: await startSession(context, user, request.client_id, device) };
    }
    case 'ticket': {
      const user = await verifyTicketLogin(context, request);
      return { kind: 'tokens', body: await startSession(context, user, request.client_id, device) };
    }
    case 'sso': {
      const { provider, code, redirect_uri: redirectUri } = request;
      const user = await verifySsoLogin(context, { provider, code, redirectUri });
      return { kind: 'tokens', body: await startSession(context, user, request.client_id, device) };
    }
    case 'oauth_code': {
      const user = await verifyOAuthCodeLogin(context, request.code, request.redirect_uri);
      return { kind: 'tokens', body: await startSession(context, user, request.client_id, device) };
    }
    case 'quick_link': {
      // Decision 0019: a quick link proves the inbox, not the second factor: an account that asks for
      // one (SMS/email code or authenticator app) still gets its challenge, as after a password.
      const user = await verifyQuickLinkLogin(context, request.code, request.user_id);
      if (user.twoFactorRequired || (await totpEnabled(context, user.id))) {
        return { kind: 'two-factor', body: await startTwoFactorChallenge(context, user, request.client_id) };
      }
      return { kind: 'tokens', body: await startSession(context, user, request.client_id, device) };
    }
    case 'clinic_user':
      return {
        kind: 'tokens',
        body: await switchToPatient(context, sentTo, request.client_id, request.clinic_user_id),
      };
    case 'family':
      return {
        kind: 'tokens',
        body: await switchToFamilyMember(context, sentTo, request.client_id, request.family_user_id),
      };
    case 'passkey': {
      const rp = relyingPartyOf(context.env, sentTo);
      const user = await verifyPasskeyLogin(context, rp, request.credential);
      return { kind: 'tokens', body: await startSession(context, user, request.client_id, device) };
    }
  }
}

/**
 * The password step. Every failure (unknown user, wrong password, throttled address, inactive
 * account, wrong member type) answers the very same invalid_grant, after the same amount of hashing
 * work, so the answer never tells which accounts exist or which addresses are slowed down.
 */
async function passwordLogin(
  context: AppContext,
  input: {
    clientId: string;
    username: string;
    password: string;
    doctorsOnly: boolean;
    ip: string;
    device: LoginDevice;
  },
): Promise<TokenOutcome> {
  const now = context.now();
  const user = await findUserByUsername(context.db, input.username);
  const passwordMatches = await verifySecret(input.password, user?.passwordHash ?? (await dummySecretHash()));
  if (!user) {
    throw invalidGrant();
  }
  // Issue 19 item 9: a throttled address gets no verdict, not even on the right password.
  if (await isLoginThrottled(context.db, user.id, input.ip, now)) {
    throw invalidGrant();
  }
  if (!passwordMatches) {
    await recordLoginFailure(context.db, user.id, input.ip, now);
    throw invalidGrant();
  }
  if (user.status !== 'active' || (input.doctorsOnly && user.memberType !== 'doctor')) {
    throw invalidGrant();
  }
  await clearLoginFailures(context.db, user.id, input.ip);
  // Issue 19 item 8: an older hash (scrypt, or weaker argon2 parameters) is replaced while the
  // password is at hand.
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await updatePasswordHash(context.db, user.id, await hashSecret(input.password));
  }
  // An authenticator app (decision 0012) asks for its code like the SMS/email second factor does.
  if (user.twoFactorRequired || (await totpEnabled(context, user.id))) {
    return { kind: 'two-factor', body: await startTwoFactorChallenge(context, user, input.clientId) };
  }
  return { kind: 'tokens', body: await startSession(context, user, input.clientId, input.device) };
}

/**
 * Rotation: each refresh token works once and is replaced. A token presented a second time means it
 * leaked (or two tabs raced); either way the whole session is revoked and the user logs in again.
 */
async function refresh(context: AppContext, clientId: string, refreshToken: string): Promise<TokenResponse> {
  const now = context.now();
  const tokenHash = sha256(refreshToken);
  const found = await findRefreshToken(context.db, tokenHash);
  if (!found || found.clientId !== clientId) {
    throw invalidGrant('The refresh token is not valid.');
  }
  if (found.revokedAt !== null || found.expiresAt <= now) {
    throw invalidGrant('The session has ended. Please log in again.');
  }
  const firstUse = found.usedAt === null && (await markRefreshTokenUsed(context.db, tokenHash, now));
  if (!firstUse) {
    await revokeSession(context.db, found.sessionId, 'refresh-token-replay', now);
    throw invalidGrant('The session has ended. Please log in again.');
  }
  const user = await findUserById(context.db, found.userId);
  const switched = found.parentSessionId !== null;
  // spec 2 §4: a switched patient session ends with the provider's own session, and may act for a
  // patient the provider registered who has not activated their account yet.
  const parentLive =
    !switched ||
    (found.parentRevokedAt === null && found.parentExpiresAt !== null && found.parentExpiresAt > now);
  const usable = user?.status === 'active' || (switched && user?.status === 'pending');
  if (!user || !usable || !parentLive) {
    await revokeSession(
      context.db,
      found.sessionId,
      parentLive ? 'user-inactive' : 'provider-session-ended',
      now,
    );
    throw invalidGrant('The session has ended. Please log in again.');
  }
  await touchSession(context.db, found.sessionId, now);
  return issueTokens(context, user, found.sessionId, found.switchedByUserId, found.familyPrimaryUserId);
}

export async function logout(context: AppContext, auth: AuthContext): Promise<void> {
  await revokeSession(context.db, auth.sessionId, 'logout', context.now());
}

export async function currentUser(context: AppContext, auth: AuthContext): Promise<CurrentUser> {
  const user = await findUserById(context.db, auth.userId);
  if (!user) {
    throw new Error('authenticated user vanished');
  }
  const permissions = user.memberType === 'doctor' ? await providerPermissionsOf(context.db, user.id) : [];
  return {
    id: user.id,
    memberId: user.memberId,
    memberType: user.memberType,
    role: roleOfMemberType(user.memberType),
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    image: user.image,
    timezone: user.timezone,
    status: user.status,
    communicationLanguage: { isoCode: user.communicationLanguage },
    isResetPasswordRequired: user.isResetPasswordRequired,
    isSecurityQuestionEmpty: user.securityQuestion === null,
    providerPermissions: permissions.flatMap((name) => {
      const parsed = providerPermissionSchema.safeParse(name);
      return parsed.success ? [parsed.data] : [];
    }),
  };
}
