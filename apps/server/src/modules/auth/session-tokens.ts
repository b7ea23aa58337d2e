import type { IncomingHttpHeaders } from 'node:http';
import { REFRESH_TOKEN_TTL_SECONDS } from '@app/contracts/session';
import { roleOfMemberType } from '@app/contracts/roles';
import type { TokenResponse } from '@app/contracts/auth';
import type { AppContext } from '../../app-context.ts';
import { signAccessToken } from '../../platform/auth/access-token.ts';
import { randomToken, sha256 } from '../../platform/passwords.ts';
import { createSession, findSessionExpiry, insertRefreshToken, type UserRow } from './auth.repository.ts';

/** spec 1 §3: the login result the client stores and routes by. */
export function loginResultOf(
  user: UserRow,
  switchedBy?: string | null,
  familyPrimaryUserId?: string | null,
): TokenResponse['user'] {
  return {
    ...(switchedBy ? { switchedBy } : {}),
    ...(familyPrimaryUserId ? { familyPrimaryUserId } : {}),
    id: user.id,
    memberId: user.memberId,
    memberType: user.memberType,
    role: roleOfMemberType(user.memberType),
    isResetPasswordRequired: user.isResetPasswordRequired,
    isSecurityQuestionEmpty: user.securityQuestion === null,
  };
}

/** An access token and the next refresh token of a session. */
export async function issueTokens(
  context: AppContext,
  user: UserRow,
  sessionId: string,
  /** spec 2 §4: the provider who switched into this patient session. */
  switchedBy: string | null = null,
  /** spec 3 §4: the primary user of a family member's session. */
  familyPrimaryUserId: string | null = null,
): Promise<TokenResponse> {
  const now = context.now();
  const refreshToken = randomToken();
  await insertRefreshToken(context.db, sha256(refreshToken), sessionId, now);
  const access = await signAccessToken(
    context.signingKey,
    { userId: user.id, sessionId, memberType: user.memberType },
    now,
  );
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    refresh_token: refreshToken,
    user: loginResultOf(user, switchedBy, familyPrimaryUserId),
  };
}

/** Issue 19 item 10: what the sessions page shows of the device a session was opened on. */
export interface LoginDevice {
  userAgent: string | null;
  clientAddress: string | null;
}

const USER_AGENT_MAX_LENGTH = 512;

/** The device of a login request: its User-Agent (cut to a sane length) and its client address. */
export function loginDeviceOf(request: { ip: string; headers: IncomingHttpHeaders }): LoginDevice {
  const agent = request.headers['user-agent'];
  return {
    userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    clientAddress: request.ip || null,
  };
}

/** Opens a session for a user who proved who they are, and issues its first tokens. */
export async function startSession(
  context: AppContext,
  user: UserRow,
  clientId: string,
  device: LoginDevice,
): Promise<TokenResponse> {
  const now = context.now();
  const sessionId = await createSession(context.db, {
    userId: user.id,
    clientId,
    now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    ...device,
  });
  return issueTokens(context, user, sessionId);
}

/**
 * spec 2 §4 provider-to-patient switch: a patient session that records the acting provider (audit)
 * and ends with the provider's own session (expiry, logout, revocation): it is never refreshed beyond
 * it. Callers have checked the provider's token and their access to the patient.
 */
export async function startSwitchedSession(
  context: AppContext,
  patient: UserRow,
  clientId: string,
  by: { providerUserId: string; providerSessionId: string },
): Promise<TokenResponse> {
  const now = context.now();
  const providerExpiry = await findSessionExpiry(context.db, by.providerSessionId);
  if (!providerExpiry) {
    throw new Error('the provider session vanished');
  }
  const sessionId = await createSession(context.db, {
    userId: patient.id,
    clientId,
    now,
    expiresAt: providerExpiry,
    switchedByUserId: by.providerUserId,
    parentSessionId: by.providerSessionId,
  });
  return issueTokens(context, patient, sessionId, by.providerUserId);
}

/**
 * spec 3 §4 family switch (decision 0027): a family member's session opened from the primary user's
 * session, which bounds it (it ends when that one ends). Callers have checked the primary user's token
 * and the family link.
 */
export async function startFamilySession(
  context: AppContext,
  member: UserRow,
  clientId: string,
  primary: { userId: string; sessionId: string },
): Promise<TokenResponse> {
  const now = context.now();
  const primaryExpiry = await findSessionExpiry(context.db, primary.sessionId);
  if (!primaryExpiry) {
    throw new Error('the primary session vanished');
  }
  const sessionId = await createSession(context.db, {
    userId: member.id,
    clientId,
    now,
    expiresAt: primaryExpiry,
    parentSessionId: primary.sessionId,
    familyPrimaryUserId: primary.userId,
  });
  return issueTokens(context, member, sessionId, null, primary.userId);
}
