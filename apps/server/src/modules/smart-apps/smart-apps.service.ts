import { createHash } from 'node:crypto';
import {
  CONNECT_APP_ROUTE,
  CONNECTED_APP_NOT_FOUND_TEXT,
  FHIR_BASE_PATH,
  PROVIDER_CONNECT_APP_ROUTE,
  SMART_NO_PATIENT_PERMISSION_TEXT,
  SMART_REQUEST_GONE_TEXT,
  isKnownScope,
  parseResourceScope,
  reachOf,
  scopeGroupsOf,
  type ConnectedApp,
  type RegisteredApp,
  type SmartAppRegistration,
  type SmartConsentRequest,
  type SmartTokenRequest,
  type SmartTokenResponse,
} from '@app/contracts/smart-apps';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import {
  recordAuditEvents,
  recordAuditEventsAlone,
  type AuditEvent,
} from '../../platform/audit/audit-recorder.ts';
import { HttpError, OAuthHttpError } from '../../platform/http-error.ts';
import { randomToken, sha256 } from '../../platform/passwords.ts';
import {
  clinicsNamed,
  decideRequest,
  findAppByClientId,
  findGrant,
  findRequestByCode,
  findRequestWithApp,
  findToken,
  findUserForGrant,
  insertApp,
  insertGrant,
  insertRequest,
  insertToken,
  listAppsOfClinic,
  listLiveGrantsOfUser,
  revokeGrant,
  revokeGrantsOfApp,
  useCode,
  useRefreshToken,
  type SmartAppRow,
  type SmartGrantRow,
} from './smart-apps.repository.ts';
import { signIdToken } from './smart-id-token.ts';

/** The consent screen must be answered within this time (the patient may have to log in first). */
export const SMART_REQUEST_TTL_MS = 10 * 60_000;
/** RFC 6749 §4.1.2: a code lives briefly; one minute is plenty for a back-channel exchange. */
export const SMART_CODE_TTL_MS = 60_000;
export const SMART_ACCESS_TOKEN_TTL_SECONDS = 3600;
export const SMART_REFRESH_TOKEN_TTL_MS = 90 * 24 * 3600_000;
/** Our tokens are opaque and look up their row on every use; the prefixes tell them from the portal's. */
export const SMART_ACCESS_TOKEN_PREFIX = 'sat_';
const SMART_REFRESH_TOKEN_PREFIX = 'srt_';
const SMART_CODE_PREFIX = 'sac_';
const AUDIT_RESOURCE = 'connected-apps';

/** The FHIR base URL the tokens are for (the `aud` an app must send): PUBLIC_URL, else this origin. */
export function fhirBaseUrl(context: AppContext, request: { protocol: string; host: string }): string {
  const origin = (context.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
  return `${origin}${FHIR_BASE_PATH}`;
}

// --- /authorize ---

/** What the authorize endpoint does with a request. */
export type AuthorizeOutcome =
  /** The client or its redirect URI cannot be trusted: show a page, never redirect (RFC 6749 §4.1.2.1). */
  { kind: 'page'; message: string } | { kind: 'redirect'; url: string };

const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) {
      url.searchParams.set(key, value);
    }
  }
  return url.toString();
}

function one(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Checks an authorization request and stores it for the consent screen (decision 0082). */
export async function authorize(
  context: AppContext,
  query: Record<string, unknown>,
  fhirBase: string,
): Promise<AuthorizeOutcome> {
  const clientId = one(query, 'client_id');
  const app = clientId && clientId.length <= 200 ? await findAppByClientId(context.db, clientId) : null;
  if (!app) {
    return { kind: 'page', message: 'This app is not registered with the portal.' };
  }
  const redirectUri = one(query, 'redirect_uri');
  // Exact match only: no prefix, no pattern (RFC 9700 §4.1.3).
  if (!redirectUri || !app.redirectUris.includes(redirectUri)) {
    return { kind: 'page', message: 'The address this app asked to return to is not registered for it.' };
  }
  const state = one(query, 'state');
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    url: withParams(redirectUri, { error, error_description: description, state }),
  });
  if (one(query, 'response_type') !== 'code') {
    return fail('unsupported_response_type', 'response_type must be code.');
  }
  if (!state || state.length > 512) {
    return fail('invalid_request', 'state is required.');
  }
  if (one(query, 'code_challenge_method') !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256.');
  }
  const challenge = one(query, 'code_challenge');
  if (!challenge || !PKCE_CHALLENGE.test(challenge)) {
    return fail('invalid_request', 'code_challenge must be a base64url SHA-256 of the code verifier.');
  }
  if (one(query, 'aud') !== fhirBase) {
    return fail('invalid_request', `aud must be ${fhirBase}.`);
  }
  const scopes = [...new Set((one(query, 'scope') ?? '').split(' ').filter((scope) => scope !== ''))];
  if (scopes.length === 0 || scopes.length > 50) {
    return fail('invalid_scope', 'scope is required.');
  }
  const unknown = scopes.find((scope) => !isKnownScope(scope));
  if (unknown !== undefined) {
    return fail('invalid_scope', `Unknown scope: ${unknown.slice(0, 100)}.`);
  }
  const contexts = new Set(scopes.map((scope) => parseResourceScope(scope)?.context).filter(Boolean));
  if (contexts.size === 0) {
    return fail('invalid_scope', 'The request asks for no FHIR resource.');
  }
  // One person consents: a patient gives patient/ scopes, a provider user/ ones (decision 0089).
  if (contexts.size > 1) {
    return fail('invalid_scope', 'patient/ and user/ scopes cannot be asked for together.');
  }
  const now = context.now();
  const requestId = await insertRequest(context.db, {
    appId: app.id,
    redirectUri,
    scopes,
    state,
    codeChallenge: challenge,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SMART_REQUEST_TTL_MS),
  });
  // The browser has no session here, so the scopes say whose consent screen it is: user/ scopes go to
  // the provider area (its guard sends a guest to the provider login), patient/ ones to the patient's.
  const consentRoute = contexts.has('user') ? PROVIDER_CONNECT_APP_ROUTE : CONNECT_APP_ROUTE;
  return { kind: 'redirect', url: `${consentRoute}/${requestId}` };
}

// --- The consent screen ---

/** Consent is the account holder's own: not a provider switched in, not a family member's session. */
function requireOwnSession(auth: AuthContext): void {
  if (auth.actingProviderId !== undefined || auth.familyPrimaryUserId !== undefined) {
    throw new HttpError(403, 'Only the account holder can connect an app to this account.', {
      code: 'own_session_only',
    });
  }
}

/** A patient gives `patient/` scopes (their own record); a provider `user/` scopes (their clinics'). */
function requireScopesFit(auth: AuthContext, scopes: readonly string[]): void {
  const wanted = auth.memberType === 'patient' ? 'patient' : 'user';
  const misfit = scopes.some((scope) => {
    const parsed = parseResourceScope(scope);
    return parsed !== null && parsed.context !== wanted;
  });
  if (misfit) {
    throw new HttpError(403, 'This app asks for access that your account cannot give.', {
      code: 'scope_not_allowed',
    });
  }
}

/**
 * The clinics a provider's app may reach among `clinicIds`: an app a clinic registered reads only that
 * clinic's records, whatever other clinics its user works for; a network-wide app (no clinic) reads
 * them all (issue 21: "a provider's app token reads only its clinic"; decision 0089).
 */
export function clinicsOfApp(app: { clinicId: string | null }, clinicIds: readonly string[]): string[] {
  return app.clinicId === null ? [...clinicIds] : clinicIds.filter((id) => id === app.clinicId);
}

/**
 * The clinics a provider's app would read: those where the provider holds PATIENT now, and only the
 * app's own clinic when a clinic registered it (decision 0084 reads them again at every FHIR call).
 * None for a patient, whose app reads their own record.
 */
function patientClinicIdsOf(auth: AuthContext, app: { clinicId: string | null }): string[] {
  if (auth.memberType === 'patient') {
    return [];
  }
  return clinicsOfApp(
    app,
    auth.clinicIds.filter((id) => (auth.permissionsByClinic[id] ?? []).includes('PATIENT')),
  );
}

async function liveRequest(context: AppContext, requestId: string) {
  const found = await findRequestWithApp(context.db, requestId);
  if (!found || found.request.decidedAt !== null || found.request.expiresAt <= context.now()) {
    throw new HttpError(404, SMART_REQUEST_GONE_TEXT, { code: 'request_gone' });
  }
  return found;
}

export async function readConsentRequest(
  context: AppContext,
  auth: AuthContext,
  requestId: string,
): Promise<SmartConsentRequest> {
  requireOwnSession(auth);
  const { request, app } = await liveRequest(context, requestId);
  // Refused here too, not only at Allow, so the screen never offers what the account cannot give.
  requireScopesFit(auth, request.scopes);
  const reach = reachOf(request.scopes);
  return {
    id: request.id,
    appName: app.name,
    redirectOrigin: new URL(request.redirectUri).origin,
    scopes: request.scopes,
    scopeGroups: scopeGroupsOf(request.scopes),
    reach,
    clinics: reach === 'clinics' ? await clinicsNamed(context.db, patientClinicIdsOf(auth, app)) : [],
  };
}

/** Allow: a grant and a one-time code for the app. Deny: access_denied. Either way the request is spent. */
export async function decideConsent(
  context: AppContext,
  auth: AuthContext,
  requestId: string,
  allow: boolean,
): Promise<{ redirectUrl: string }> {
  requireOwnSession(auth);
  const { request, app } = await liveRequest(context, requestId);
  const now = context.now();
  const patientId = auth.memberType === 'patient' ? auth.userId : null;
  const event = (action: AuditEvent['action'], outcome: AuditEvent['outcome'], resourceId: string) => ({
    actorUserId: auth.userId,
    patientId,
    resourceType: AUDIT_RESOURCE,
    resourceId,
    action,
    outcome,
  });
  if (!allow) {
    await context.db.transaction(async (tx) => {
      if (!(await decideRequest(tx, request.id, { decidedAt: now, userId: auth.userId }))) {
        throw new HttpError(404, SMART_REQUEST_GONE_TEXT, { code: 'request_gone' });
      }
      await recordAuditEvents(tx, [event('create', 'denied', `app:${app.clientId}`)], now);
    });
    return {
      redirectUrl: withParams(request.redirectUri, {
        error: 'access_denied',
        error_description: 'The user did not allow the app.',
        state: request.state,
      }),
    };
  }
  requireScopesFit(auth, request.scopes);
  // A provider without PATIENT anywhere would connect an app that reads nothing: refuse it plainly.
  if (reachOf(request.scopes) === 'clinics' && patientClinicIdsOf(auth, app).length === 0) {
    throw new HttpError(403, SMART_NO_PATIENT_PERMISSION_TEXT, { code: 'no_patient_permission' });
  }
  const code = `${SMART_CODE_PREFIX}${randomToken()}`;
  await context.db.transaction(async (tx) => {
    // Connecting an app again replaces its earlier connection: the list shows each app once.
    const replaced = await revokeGrantsOfApp(tx, auth.userId, app.id, now);
    const grant = await insertGrant(tx, {
      appId: app.id,
      userId: auth.userId,
      scopes: request.scopes,
      createdAt: now,
    });
    const decided = await decideRequest(tx, request.id, {
      decidedAt: now,
      userId: auth.userId,
      grantId: grant.id,
      codeHash: sha256(code),
      codeExpiresAt: new Date(now.getTime() + SMART_CODE_TTL_MS),
    });
    if (!decided) {
      throw new HttpError(404, SMART_REQUEST_GONE_TEXT, { code: 'request_gone' });
    }
    await recordAuditEvents(
      tx,
      [...replaced.map((id) => event('delete', 'success', id)), event('create', 'success', grant.id)],
      now,
    );
  });
  return { redirectUrl: withParams(request.redirectUri, { code, state: request.state }) };
}

// --- Token endpoint ---

function invalidGrant(description: string): OAuthHttpError {
  return new OAuthHttpError(400, 'invalid_grant', description);
}

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) must equal the challenge (S256 only). */
function pkceMatches(verifier: string, challenge: string): boolean {
  return (
    PKCE_VERIFIER.test(verifier) && createHash('sha256').update(verifier).digest('base64url') === challenge
  );
}

async function issueTokens(
  context: AppContext,
  app: SmartAppRow,
  grant: SmartGrantRow,
  scopes: readonly string[],
  fhirBase: string,
  kind: 'issue' | 'refresh',
): Promise<SmartTokenResponse> {
  const now = context.now();
  const user = await findUserForGrant(context.db, grant.userId);
  if (!user || user.status !== 'active') {
    throw invalidGrant('The account of this grant is not active.');
  }
  const accessToken = `${SMART_ACCESS_TOKEN_PREFIX}${randomToken()}`;
  const refreshToken = scopes.includes('offline_access')
    ? `${SMART_REFRESH_TOKEN_PREFIX}${randomToken()}`
    : undefined;
  const patient = user.memberType === 'patient' ? user.id : undefined;
  const idToken =
    scopes.includes('openid') && scopes.includes('fhirUser')
      ? await signIdToken(context, {
          issuer: fhirBase,
          audience: app.clientId,
          subject: user.id,
          fhirUser: `${fhirBase}/${patient ? 'Patient' : 'Practitioner'}/${user.id}`,
          now,
        })
      : undefined;
  await context.db.transaction(async (tx) => {
    await insertToken(tx, {
      grantId: grant.id,
      kind: 'access',
      tokenHash: sha256(accessToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMART_ACCESS_TOKEN_TTL_SECONDS * 1000),
    });
    if (refreshToken) {
      await insertToken(tx, {
        grantId: grant.id,
        kind: 'refresh',
        tokenHash: sha256(refreshToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMART_REFRESH_TOKEN_TTL_MS),
      });
    }
    // The app acts for the user: the app's id is the actor (decision 0082).
    await recordAuditEvents(
      tx,
      [
        {
          actorUserId: app.id,
          actingForUserId: grant.userId,
          patientId: patient ?? null,
          resourceType: AUDIT_RESOURCE,
          resourceId: grant.id,
          action: kind === 'issue' ? 'create' : 'update',
          outcome: 'success',
        },
      ],
      now,
    );
  });
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: SMART_ACCESS_TOKEN_TTL_SECONDS,
    scope: scopes.join(' '),
    ...(patient ? { patient } : {}),
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    ...(idToken ? { id_token: idToken } : {}),
  };
}

async function revokeForMisuse(context: AppContext, grant: SmartGrantRow, app: SmartAppRow): Promise<void> {
  const now = context.now();
  if (await revokeGrant(context.db, grant.id, now)) {
    await recordAuditEventsAlone(
      context.db,
      [
        {
          actorUserId: app.id,
          actingForUserId: grant.userId,
          resourceType: AUDIT_RESOURCE,
          resourceId: grant.id,
          action: 'delete',
          outcome: 'denied',
        },
      ],
      now,
    );
  }
}

export async function exchangeToken(
  context: AppContext,
  body: SmartTokenRequest,
  fhirBase: string,
): Promise<SmartTokenResponse> {
  const now = context.now();
  if (body.grant_type === 'authorization_code') {
    const found = await findRequestByCode(context.db, sha256(body.code));
    if (!found || found.request.grantId === null || found.request.codeExpiresAt === null) {
      throw invalidGrant('The authorization code is not valid.');
    }
    const { request, app } = found;
    const codeExpiresAt = found.request.codeExpiresAt;
    if (app.clientId !== body.client_id || request.redirectUri !== body.redirect_uri) {
      throw invalidGrant('The authorization code was not issued to this client and redirect_uri.');
    }
    const grant = await findGrant(context.db, request.grantId as string);
    if (!grant) {
      throw invalidGrant('The authorization code is not valid.');
    }
    if (request.codeUsedAt !== null) {
      // RFC 6749 §4.1.2: a code used twice may have been stolen; what it gave is withdrawn.
      await revokeForMisuse(context, grant, app);
      throw invalidGrant('The authorization code was already used.');
    }
    if (codeExpiresAt <= now) {
      throw invalidGrant('The authorization code has expired.');
    }
    if (!pkceMatches(body.code_verifier, request.codeChallenge)) {
      throw invalidGrant('The code_verifier does not match the code_challenge.');
    }
    if (!(await useCode(context.db, request.id, now))) {
      await revokeForMisuse(context, grant, app);
      throw invalidGrant('The authorization code was already used.');
    }
    if (grant.revokedAt !== null) {
      throw invalidGrant('The app was disconnected.');
    }
    return issueTokens(context, app, grant, grant.scopes, fhirBase, 'issue');
  }
  const found = await findToken(context.db, sha256(body.refresh_token), 'refresh');
  if (!found || found.app.clientId !== body.client_id) {
    throw invalidGrant('The refresh token is not valid.');
  }
  const { token, grant, app } = found;
  if (grant.revokedAt !== null) {
    throw invalidGrant('The app was disconnected.');
  }
  if (token.usedAt !== null || !(await useRefreshToken(context.db, token.id, now))) {
    // Reuse of a rotated refresh token: someone holds a copy. The whole grant stops (RFC 9700 §4.14.2).
    await revokeForMisuse(context, grant, app);
    throw invalidGrant('The refresh token was already used; the app was disconnected.');
  }
  if (token.expiresAt <= now) {
    throw invalidGrant('The refresh token has expired.');
  }
  // A refresh may name the scopes again, never more than were granted; the token carries the grant's.
  if (body.scope !== undefined && body.scope.split(' ').some((s) => s !== '' && !grant.scopes.includes(s))) {
    throw new OAuthHttpError(400, 'invalid_scope', 'A refresh may not add scopes that were not granted.');
  }
  return issueTokens(context, app, grant, grant.scopes, fhirBase, 'refresh');
}

// --- Connected apps and registered apps ---

export async function listConnectedApps(context: AppContext, auth: AuthContext): Promise<ConnectedApp[]> {
  const rows = await listLiveGrantsOfUser(context.db, auth.userId);
  return rows.map(({ grant, appName }) => ({
    id: grant.id,
    appName,
    scopeGroups: scopeGroupsOf(grant.scopes),
    reach: reachOf(grant.scopes),
    connectedAt: grant.createdAt.toISOString(),
  }));
}

export async function disconnectApp(context: AppContext, auth: AuthContext, grantId: string): Promise<void> {
  requireOwnSession(auth);
  const grant = await findGrant(context.db, grantId);
  // Someone else's grant answers as one that does not exist.
  if (grant?.userId !== auth.userId || grant.revokedAt !== null) {
    throw new HttpError(404, CONNECTED_APP_NOT_FOUND_TEXT, { code: 'not_found' });
  }
  const now = context.now();
  await context.db.transaction(async (tx) => {
    if (!(await revokeGrant(tx, grant.id, now))) {
      throw new HttpError(404, CONNECTED_APP_NOT_FOUND_TEXT, { code: 'not_found' });
    }
    await recordAuditEvents(
      tx,
      [
        {
          actorUserId: auth.userId,
          patientId: auth.memberType === 'patient' ? auth.userId : null,
          resourceType: AUDIT_RESOURCE,
          resourceId: grant.id,
          action: 'delete',
          outcome: 'success',
        },
      ],
      now,
    );
  });
}

export async function listRegisteredApps(context: AppContext, clinicId: string): Promise<RegisteredApp[]> {
  const rows = await listAppsOfClinic(context.db, clinicId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    redirectUris: row.redirectUris,
    networkWide: row.clinicId === null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Registers an app (dev fixture, seed, registration script); its client_id is generated. */
export async function registerSmartApp(
  context: Pick<AppContext, 'db' | 'now'>,
  registration: SmartAppRegistration,
): Promise<{ id: string; clientId: string }> {
  const row = await insertApp(context.db, {
    clientId: `smart-${randomToken(12)}`,
    name: registration.name,
    redirectUris: registration.redirectUris,
    clinicId: registration.clinicId ?? null,
    createdAt: context.now(),
  });
  return { id: row.id, clientId: row.clientId };
}
