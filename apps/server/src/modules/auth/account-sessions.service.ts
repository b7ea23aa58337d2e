import {
  SESSION_NOT_FOUND_TEXT,
  SESSIONS_OWNER_ONLY_TEXT,
  describeUserAgent,
  type AccountSession,
} from '@app/contracts/account-sessions';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { listOwnLiveSessions, revokeOwnSession, revokeOwnSessionsExcept } from './auth.repository.ts';

/**
 * Issue 19 item 10 (decision 0061): the sessions page. Only the account holder manages its devices: a
 * provider acting in a patient's account (spec 2 §4) or a primary user in a family member's (spec 3
 * §4) gets a 403, and each query names the user of the token, so nobody sees or ends another's session.
 */
function requireAccountHolder(auth: AuthContext): void {
  if (auth.actingProviderId !== undefined || auth.familyPrimaryUserId !== undefined) {
    throw new HttpError(403, SESSIONS_OWNER_ONLY_TEXT, { code: 'forbidden' });
  }
}

export async function accountSessionsOf(context: AppContext, auth: AuthContext): Promise<AccountSession[]> {
  requireAccountHolder(auth);
  const rows = await listOwnLiveSessions(context.db, auth.userId, context.now());
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    clientAddress: row.clientAddress,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === auth.sessionId,
  }));
}

/** "Sign out this device" on one row (the current one too: that is a logout). */
export async function signOutSession(
  context: AppContext,
  auth: AuthContext,
  sessionId: string,
): Promise<void> {
  requireAccountHolder(auth);
  if (!(await revokeOwnSession(context.db, auth.userId, sessionId, 'signed-out-by-user', context.now()))) {
    throw new HttpError(404, SESSION_NOT_FOUND_TEXT, { code: 'not_found' });
  }
}

/** "Sign out everywhere": every other session of the account ends; this device stays signed in. */
export async function signOutOtherSessions(context: AppContext, auth: AuthContext): Promise<number> {
  requireAccountHolder(auth);
  return revokeOwnSessionsExcept(
    context.db,
    auth.userId,
    auth.sessionId,
    'signed-out-everywhere',
    context.now(),
  );
}
