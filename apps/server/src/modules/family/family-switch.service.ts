import type { IncomingHttpHeaders } from 'node:http';
import type { TokenResponse } from '@app/contracts/auth';
import { FAMILY_SWITCH_NOT_ALLOWED_TEXT } from '@app/contracts/family';
import { SWITCH_TOKEN_REQUIRED_TEXT } from '@app/contracts/patient-texts';
import type { AppContext } from '../../app-context.ts';
import { authContextOfRequest, type AuthContext } from '../../platform/access.ts';
import { HttpError, OAuthHttpError } from '../../platform/http-error.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { startFamilySession } from '../auth/session-tokens.ts';
import { isFamilyLinked } from './family.repository.ts';

/**
 * spec 3 §4 "switch to member = login as that member" through the token endpoint's family grant
 * (decision 0027). The bearer token must be the primary user's own live session (not a session that
 * was itself switched into), and the member must be linked to that user. The member's session is
 * bounded by the primary session, as the provider-to-patient switch of spec 2 §4 is.
 */
export async function switchToFamilyMember(
  context: AppContext,
  request: { headers: IncomingHttpHeaders },
  clientId: string,
  familyUserId: string,
): Promise<TokenResponse> {
  let primary: AuthContext;
  try {
    primary = await authContextOfRequest(context, request);
  } catch (error) {
    if (error instanceof HttpError) {
      throw new OAuthHttpError(401, 'invalid_token', SWITCH_TOKEN_REQUIRED_TEXT);
    }
    throw error;
  }
  const refused = () => new OAuthHttpError(400, 'invalid_grant', FAMILY_SWITCH_NOT_ALLOWED_TEXT);
  if (
    primary.role !== 'user' ||
    primary.familyPrimaryUserId !== undefined ||
    primary.actingProviderId !== undefined ||
    !(await isFamilyLinked(context.db, primary.userId, familyUserId))
  ) {
    throw refused();
  }
  const member = await findUserById(context.db, familyUserId);
  if (member?.status !== 'active') {
    throw refused();
  }
  return startFamilySession(context, member, clientId, {
    userId: primary.userId,
    sessionId: primary.sessionId,
  });
}
