import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../platform/http-error.ts';
import { sha256 } from '../../platform/passwords.ts';
import { clinicIdsOfUser, findToken, findUserForGrant } from './smart-apps.repository.ts';
import { clinicsOfApp, SMART_ACCESS_TOKEN_PREFIX } from './smart-apps.service.ts';

/** Who a SMART app's token speaks for (issue 21 item 3): what the FHIR API's caller resolution uses. */
export interface SmartAccess {
  appId: string;
  appName: string;
  /** The account that granted the app (a patient, or a provider for `user/` scopes). */
  userId: string;
  /** The FHIR Patient the token is bound to (the patient's user id); null for a provider's token. */
  patientUserId: string | null;
  /**
   * The clinics whose records the token reaches: the patient's clinics, or the provider's (only the
   * app's own clinic when a clinic registered it).
   */
  clinicIds: readonly string[];
  scopes: readonly string[];
}

/**
 * The refusal of a SMART token that is ours but no longer valid (expired, revoked, unknown, account
 * closed): 401 with code `invalid_token`. The FHIR API answers it as an OperationOutcome with
 * `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3.1).
 */
export class SmartTokenRefused extends HttpError {
  constructor(description: string) {
    super(401, description, { code: 'invalid_token' });
    this.name = 'SmartTokenRefused';
  }
}

/**
 * The SMART access behind a bearer token, or null when the token is not a SMART token (a portal
 * session's JWT, for instance). A SMART token that is expired or revoked throws SmartTokenRefused.
 * Checked against the database on every call (decision 0082): a revoked grant is refused at once.
 */
export async function readSmartAccess(context: AppContext, bearer: string): Promise<SmartAccess | null> {
  if (!bearer.startsWith(SMART_ACCESS_TOKEN_PREFIX)) {
    return null;
  }
  const found = bearer.length <= 256 ? await findToken(context.db, sha256(bearer), 'access') : null;
  if (!found) {
    throw new SmartTokenRefused('The access token is not valid.');
  }
  const { token, grant, app } = found;
  if (grant.revokedAt !== null) {
    throw new SmartTokenRefused('The app was disconnected.');
  }
  if (token.expiresAt <= context.now()) {
    throw new SmartTokenRefused('The access token has expired.');
  }
  const user = await findUserForGrant(context.db, grant.userId);
  if (!user || user.status !== 'active') {
    throw new SmartTokenRefused('The account of this token is not active.');
  }
  return {
    appId: app.id,
    appName: app.name,
    userId: user.id,
    patientUserId: user.memberType === 'patient' ? user.id : null,
    clinicIds:
      user.memberType === 'patient'
        ? await clinicIdsOfUser(context.db, user.id, user.memberType)
        : clinicsOfApp(app, await clinicIdsOfUser(context.db, user.id, user.memberType)),
    scopes: grant.scopes,
  };
}

/**
 * How a read through FHIR with a SMART token is written in the audit trail: the app (its id) is the
 * actor, acting for the account that granted it (decision 0082).
 */
export function smartAuditActor(access: SmartAccess): { actorUserId: string; actingForUserId: string } {
  return { actorUserId: access.appId, actingForUserId: access.userId };
}
