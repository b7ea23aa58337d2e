import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { and, eq, gt, isNull, or, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EXPIRED_ACCESS_TOKEN_TEXT } from '@app/contracts/errors';
import { roleOfMemberType, type MemberType, type ProviderPermission, type Role } from '@app/contracts/roles';
import type { WorkspaceModule } from '@app/contracts/workspace-modules';
import type { Db } from '../db/client.ts';
import { placeholder, prepared } from '../db/prepared.ts';
import { users } from '../db/schema/accounts.ts';
import { sessions } from '../db/schema/auth.ts';
import { clinicPatients, clinics, providers } from '../db/schema/clinics.ts';
import { verifyAccessToken } from './auth/access-token.ts';
import { HttpError } from './http-error.ts';

/**
 * What a provider must hold for a route (spec 3 §6): every one of `permissions`, and at least one of
 * `anyOf` when given, both at ONE clinic (a permission belongs to a clinic membership; holding PATIENT
 * at clinic A and REMOTE_PATIENT_MONITORING at clinic B opens neither tab). The clinics where the gate
 * holds are the only ones the request may reach: the access hook narrows `auth.clinicIds` to them, so
 * the services' "a provider of the patient's clinic" checks see only those clinics (decision 0060).
 */
export interface ProviderGate {
  permissions?: readonly ProviderPermission[];
  anyOf?: readonly ProviderPermission[];
  /**
   * With `module`, one of the clinics where the gate holds must have that module on (spec 3 §6:
   * sidebar items and their routes need both); the named clinic on a route naming one.
   */
  module?: WorkspaceModule;
  /**
   * The refusal text when a permission is missing, where the spec names one (e.g. spec 3 §8 "You
   * do not have access to view patient details."); otherwise the generic text. The code stays
   * `missing_permission` either way, so the web app and the matrix test read one code.
   */
  deniedMessage?: string;
}

/**
 * Who may call a route. Every route declares one in `config.access`; a route without one stops
 * start-up (ARCHITECTURE.md, convention 2). The rule of every route is declared with the route and
 * nowhere else; `app.routeAccess` lists them all (the route matrix test walks that list).
 */
export type AccessRule =
  | { kind: 'public' }
  /** Development helpers; such routes are not registered in production at all. */
  | { kind: 'dev' }
  /** Any signed-in caller; the route holds nothing of one patient (own account, reference lists). */
  | { kind: 'authenticated' }
  /**
   * A patient's own data. With `switched`, a provider acting in the patient's session (spec 2 §4
   * switch) must hold that gate at one of the patient's clinics: the switch does not widen what the
   * provider may open (decision 0060); without one, PATIENT (decision 0067). With `ownSessionOnly`, no
   * provider switched in at all: the account's own settings are the patient's (a family member's
   * session is the family's own, as for connecting a clinic).
   */
  | { kind: 'patient'; switched?: ProviderGate; ownSessionOnly?: boolean }
  /**
   * A provider of the clinic holding the gate. A route with a `:clinicId` or `:clinicUuid` parameter
   * is further limited to members of that clinic (404 otherwise), and the gate must hold there.
   */
  | ({ kind: 'provider' } & ProviderGate)
  /**
   * One patient's data, read or changed by the patient themselves or by a provider of their clinic
   * (demographics, insurance cards, check-in documents, vitals…). The patient's side is checked by
   * the service (their own account); the provider's by the gate here, exactly as for `provider`; a
   * switched session as for `patient` with `switched`.
   */
  | ({ kind: 'patient-or-provider' } & ProviderGate)
  /**
   * The FHIR API (issue 21, decision 0081): the plugin resolves the caller itself (modules/fhir/
   * fhir-caller.ts), since its refusals are OperationOutcomes and its callers may be apps with
   * scopes, not only portal sessions. Not a public route: every FHIR route but /metadata answers 401
   * without a bearer token.
   */
  | { kind: 'fhir' };

export type ProviderRule = Extract<AccessRule, { kind: 'provider' }>;

/** One permission, or several that must all hold. */
export type PermissionRequirement = ProviderPermission | readonly ProviderPermission[];

function gateOf(
  permission: PermissionRequirement | undefined,
  module?: WorkspaceModule,
  deniedMessage?: string,
): ProviderGate {
  const permissions =
    permission === undefined ? [] : typeof permission === 'string' ? [permission] : [...permission];
  return {
    ...(permissions.length > 0 ? { permissions } : {}),
    ...(module ? { module } : {}),
    ...(deniedMessage ? { deniedMessage } : {}),
  };
}

export const access = {
  public: { kind: 'public' } as AccessRule,
  dev: { kind: 'dev' } as AccessRule,
  authenticated: { kind: 'authenticated' } as AccessRule,
  /** The FHIR API: the FHIR plugin resolves and checks the caller (decision 0081). */
  fhir: { kind: 'fhir' } as AccessRule,
  /** A patient's own data; a provider switched into the session must hold PATIENT there (decision 0067). */
  patient: { kind: 'patient', switched: { permissions: ['PATIENT'] } } as AccessRule,
  /**
   * What a provider booking for the patient in a switched session needs beside the booking itself
   * (the patient's clinics, the unread badge of the shell): PATIENT or APPOINTMENTS there.
   */
  patientOrBooking: { kind: 'patient', switched: { anyOf: ['PATIENT', 'APPOINTMENTS'] } } as AccessRule,
  /**
   * The account's own settings (password, security question, family links, joining a clinic): never a
   * provider switched into the patient's session, whatever they hold (decision 0067).
   */
  patientOwnSession: { kind: 'patient', ownSessionOnly: true } as AccessRule,
  provider: (
    permission?: PermissionRequirement,
    module?: WorkspaceModule,
    deniedMessage?: string,
  ): AccessRule => ({ kind: 'provider', ...gateOf(permission, module, deniedMessage) }),
  /** A provider holding at least one of `permissions` at one clinic. */
  providerAnyOf: (permissions: readonly ProviderPermission[], deniedMessage?: string): AccessRule => ({
    kind: 'provider',
    anyOf: [...permissions],
    ...(deniedMessage ? { deniedMessage } : {}),
  }),
  /**
   * A patient's own data, or a provider of their clinic holding `permission` there (all of a list,
   * or one of `{ anyOf }`).
   */
  patientOrProvider: (
    permission: PermissionRequirement | { anyOf: readonly ProviderPermission[] },
    deniedMessage?: string,
  ): AccessRule =>
    typeof permission === 'object' && 'anyOf' in permission
      ? {
          kind: 'patient-or-provider',
          anyOf: [...permission.anyOf],
          ...(deniedMessage ? { deniedMessage } : {}),
        }
      : { kind: 'patient-or-provider', ...gateOf(permission, undefined, deniedMessage) },
  /** A patient's own data; a provider switched into the session must hold `permission` there. */
  patientOwn: (permission: PermissionRequirement): AccessRule => ({
    kind: 'patient',
    switched: gateOf(permission),
  }),
} as const;

/** The provider gate of a rule (what a provider, or a provider switched into a patient, must hold). */
export function providerGateOf(rule: AccessRule): ProviderGate | null {
  switch (rule.kind) {
    case 'provider':
    case 'patient-or-provider':
      return rule;
    case 'patient':
      return rule.switched ?? null;
    case 'public':
    case 'dev':
    case 'authenticated':
    case 'fhir':
      return null;
  }
}

/** The permissions of a gate that `granted` lacks (none: the `permissions` part holds). */
export function missingPermissions(
  gate: ProviderGate,
  granted: readonly ProviderPermission[],
): ProviderPermission[] {
  return (gate.permissions ?? []).filter((permission) => !granted.includes(permission));
}

/** Whether `granted` (the permissions held at one clinic) satisfies the gate's permissions. */
export function gateHolds(gate: ProviderGate, granted: readonly ProviderPermission[]): boolean {
  return (
    missingPermissions(gate, granted).length === 0 &&
    (gate.anyOf === undefined || gate.anyOf.some((permission) => granted.includes(permission)))
  );
}

function asksPermissions(gate: ProviderGate): boolean {
  return (gate.permissions ?? []).length > 0 || gate.anyOf !== undefined;
}

export interface AuthContext {
  userId: string;
  sessionId: string;
  memberType: MemberType;
  role: Exclude<Role, 'guest'>;
  /**
   * Clinics the user belongs to, as provider (for doctors). On a route whose rule asks permissions,
   * only the clinics where they hold (decision 0060): services reach patients through this list.
   */
  clinicIds: string[];
  permissions: ProviderPermission[];
  /**
   * The permissions held at each clinic (a provider's permissions belong to a clinic membership):
   * `permissions` pools them for the workspace's gates; a route naming a clinic checks that clinic's.
   */
  permissionsByClinic: Record<string, ProviderPermission[]>;
  /** spec 2 §4: set in a patient session a provider switched into — that provider's user id. */
  actingProviderId?: string;
  /** spec 3 §4: set in a family member's session opened from the primary user's — that user's id. */
  familyPrimaryUserId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** The token endpoint answers errors in OAuth's shape instead of ours. */
    errorShape?: 'oauth';
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route with its access rule, as registered (the access tests walk this list). */
    routeAccess: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  rule: AccessRule;
  /** The route's request schemas (body, querystring, params), for the tests that drive every route. */
  schema?: FastifySchema;
  /** The plugin that registered the route (e.g. `appointmentsRoutes`): the API description's tag. */
  plugin: string;
}

const NOT_AUTHENTICATED = 'Authentication is required.';
const FORBIDDEN = 'You do not have permission to do this.';
/** The refusal of an account setting in a session someone else opened for the patient (decision 0067). */
export const OWN_SESSION_ONLY_TEXT =
  'Only the patient can change this. Please ask the patient to do it in their own account.';
const CLINIC_NOT_FOUND = 'Clinic not found.';

interface AccessOptions {
  db: Db;
  signingKey: Uint8Array;
  production: boolean;
  /** The application's clock (context.now): token and session expiry follow it, so tests can move it. */
  now: () => Date;
}

/** The provider's own session behind a switched patient session (spec 2 §4). */
export const parentSessions = alias(sessions, 'parent_sessions');

/**
 * A session that may act: not revoked or expired, of an active user. A provider-to-patient switch
 * (spec 2 §4) may act for a patient the provider registered who has not activated their account yet
 * (pending), and lives only while the provider's own session does. Needs `users` joined on the
 * session's user and `parentSessions` left-joined on its parent.
 */
export function liveSessionCondition(now: Date | Placeholder): SQL | undefined {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    or(
      and(isNull(sessions.parentSessionId), eq(users.status, 'active')),
      and(
        isNull(parentSessions.revokedAt),
        gt(parentSessions.expiresAt, now),
        or(eq(users.status, 'active'), eq(users.status, 'pending')),
      ),
    ),
  );
}

async function loadAuthContext(
  options: AccessOptions,
  request: { headers: IncomingHttpHeaders },
): Promise<AuthContext> {
  const { db, signingKey: key } = options;
  const now = options.now();
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) {
    throw new HttpError(401, NOT_AUTHENTICATED, { code: 'unauthenticated' });
  }
  const verified = await verifyAccessToken(key, match[1], now);
  if (!verified.ok) {
    // spec 1 §8: the client refreshes silently on this exact message and hides the banner.
    throw verified.reason === 'expired'
      ? new HttpError(401, EXPIRED_ACCESS_TOKEN_TEXT, { code: 'token_expired' })
      : new HttpError(401, NOT_AUTHENTICATED, { code: 'unauthenticated' });
  }
  const { userId, sessionId } = verified.claims;
  // The session is checked on every call, so logout and replay revocation take effect at once.
  const sessionStatement = prepared(db, 'access_live_session', () =>
    db
      .select({
        memberType: users.memberType,
        sessionId: sessions.id,
        switchedByUserId: sessions.switchedByUserId,
        familyPrimaryUserId: sessions.familyPrimaryUserId,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(parentSessions, eq(parentSessions.id, sessions.parentSessionId))
      .where(
        and(
          eq(sessions.id, placeholder('sessionId')),
          eq(sessions.userId, placeholder('userId')),
          liveSessionCondition(placeholder('now')),
        ),
      )
      .prepare('access_live_session'),
  );
  const [row] = await sessionStatement.execute({ sessionId, userId, now });
  if (!row) {
    throw new HttpError(401, NOT_AUTHENTICATED, { code: 'session_revoked' });
  }
  const membershipStatement = prepared(db, 'access_memberships', () =>
    db
      .select({ clinicId: providers.clinicId, permissions: providers.permissions })
      .from(providers)
      .where(eq(providers.userId, placeholder('userId')))
      .prepare('access_memberships'),
  );
  const memberships = row.memberType === 'doctor' ? await membershipStatement.execute({ userId }) : [];
  const permissions = new Set(memberships.flatMap((m) => m.permissions as ProviderPermission[]));
  return {
    userId,
    sessionId,
    memberType: row.memberType,
    role: roleOfMemberType(row.memberType),
    clinicIds: memberships.map((m) => m.clinicId),
    permissions: [...permissions],
    permissionsByClinic: Object.fromEntries(
      memberships.map((m) => [m.clinicId, m.permissions as ProviderPermission[]]),
    ),
    ...(row.switchedByUserId ? { actingProviderId: row.switchedByUserId } : {}),
    ...(row.familyPrimaryUserId ? { familyPrimaryUserId: row.familyPrimaryUserId } : {}),
  };
}

/**
 * The caller of a request by its bearer token, for the one public route that also reads it (the
 * token endpoint's clinic_user grant, spec 2 §4, and the family grant, spec 3 §4). Throws HttpError 401 like the access rules do.
 */
export function authContextOfRequest(
  options: Pick<AccessOptions, 'db' | 'signingKey' | 'now'>,
  request: { headers: IncomingHttpHeaders },
): Promise<AuthContext> {
  return loadAuthContext({ ...options, production: false }, request);
}

export function registerAccessRules(app: FastifyInstance, options: AccessOptions): void {
  app.decorateRequest('auth', null);
  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);

  app.addHook('onRoute', function recordRoute(route) {
    // @fastify/cors answers preflight requests on its own OPTIONS * route; a preflight carries no
    // credentials and reveals nothing, so that one route is public.
    if (route.method === 'OPTIONS' && route.url === '*') {
      route.config = { ...route.config, access: access.public };
    }
    const rule = route.config?.access;
    if (!rule) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
    if (rule.kind === 'dev' && options.production) {
      throw new Error(`Development route ${route.url} must not be registered in production`);
    }
    for (const method of [route.method].flat()) {
      routeAccess.push({
        method,
        url: route.url,
        rule,
        ...(route.schema ? { schema: route.schema } : {}),
        plugin: this.pluginName,
      });
    }
  });

  // Before validation: a caller who may not use a route learns nothing from it, not even which
  // input it expects.
  app.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) {
      // Only Fastify's own 404 handler has no route config.
      return;
    }
    switch (rule.kind) {
      // The FHIR plugin's own hook resolves the caller of a `fhir` route, answering in
      // OperationOutcomes (decision 0081).
      case 'public':
      case 'dev':
      case 'fhir':
        return;
      case 'authenticated':
        request.auth = await loadAuthContext(options, request);
        return;
      case 'patient': {
        const auth = await loadAuthContext(options, request);
        request.auth = auth;
        if (auth.role !== 'user') {
          throw new HttpError(403, FORBIDDEN, { code: 'forbidden' });
        }
        if (rule.ownSessionOnly && auth.actingProviderId !== undefined) {
          throw new HttpError(403, OWN_SESSION_ONLY_TEXT, { code: 'own_session_only' });
        }
        if (rule.switched) {
          await checkSwitchedSession(options.db, auth, rule.switched);
        }
        return;
      }
      case 'patient-or-provider': {
        const auth = await loadAuthContext(options, request);
        request.auth = auth;
        if (auth.role === 'user') {
          await checkSwitchedSession(options.db, auth, rule);
          return;
        }
        request.auth = await checkProviderGate(options.db, request, auth, rule);
        return;
      }
      case 'provider': {
        const auth = await loadAuthContext(options, request);
        request.auth = auth;
        if (auth.role !== 'provider') {
          throw new HttpError(403, FORBIDDEN, { code: 'forbidden' });
        }
        request.auth = await checkProviderGate(options.db, request, auth, rule);
        return;
      }
    }
  });
}

function denied(gate: ProviderGate): HttpError {
  return new HttpError(403, gate.deniedMessage ?? FORBIDDEN, { code: 'missing_permission' });
}

/** The clinic a route names: `:clinicId` on the provider workspace's paths, `:clinicUuid` on others. */
function clinicIdParam(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  const value = params?.clinicId ?? params?.clinicUuid;
  return typeof value === 'string' ? value : null;
}

/**
 * The provider half of a rule, for a provider caller. The gate must hold at one clinic (403
 * `missing_permission` otherwise: a stable code, so the web app and the matrix test tell a missing
 * permission from a wrong role or an inactive module); a named clinic must be one of the caller's
 * (404, as if it did not exist) and the gate must hold there (403, issue 17 item 2, decision 0041);
 * a module must be on where the gate holds. Answers the caller narrowed to the clinics where the gate
 * holds, so no service can reach another clinic's patients with a permission held elsewhere
 * (issue 19 item 6, decision 0060).
 */
async function checkProviderGate(
  db: Db,
  request: FastifyRequest,
  auth: AuthContext,
  gate: ProviderGate,
): Promise<AuthContext> {
  const permitted = auth.clinicIds.filter((clinicId) =>
    gateHolds(gate, auth.permissionsByClinic[clinicId] ?? []),
  );
  if (permitted.length === 0 && asksPermissions(gate)) {
    throw denied(gate);
  }
  const clinicId = clinicIdParam(request);
  if (clinicId !== null && !auth.clinicIds.includes(clinicId)) {
    throw new HttpError(404, CLINIC_NOT_FOUND, { code: 'not_found' });
  }
  if (clinicId !== null && !permitted.includes(clinicId)) {
    throw denied(gate);
  }
  if (gate.module) {
    await checkModule(db, auth, clinicId === null ? permitted : [clinicId], gate.module);
  }
  return asksPermissions(gate) ? { ...auth, clinicIds: permitted } : auth;
}

/**
 * A patient session a provider switched into (spec 2 §4) is as strong as that provider at the
 * patient's clinics: the gate must hold at a clinic where the patient is registered. A patient's own
 * session (no acting provider) passes; the service checks that the data is theirs.
 */
export async function checkSwitchedSession(db: Db, auth: AuthContext, gate: ProviderGate): Promise<void> {
  if (auth.actingProviderId === undefined || !asksPermissions(gate)) {
    return;
  }
  const statement = prepared(db, 'access_switched_memberships', () =>
    db
      .select({ permissions: providers.permissions })
      .from(providers)
      .innerJoin(
        clinicPatients,
        and(
          eq(clinicPatients.clinicId, providers.clinicId),
          eq(clinicPatients.userId, placeholder('patientId')),
        ),
      )
      .where(eq(providers.userId, placeholder('providerId')))
      .prepare('access_switched_memberships'),
  );
  const rows = await statement.execute({ providerId: auth.actingProviderId, patientId: auth.userId });
  if (!rows.some((row) => gateHolds(gate, row.permissions as ProviderPermission[]))) {
    throw denied(gate);
  }
}

/** The module of a gate must be on in one of `clinicIds` (spec 3 §6). */
async function checkModule(
  db: Db,
  auth: AuthContext,
  clinicIds: readonly string[],
  module: WorkspaceModule,
): Promise<void> {
  const statement = prepared(db, 'access_clinic_modules', () =>
    db
      .select({ id: clinics.id, modules: clinics.modules })
      .from(clinics)
      .innerJoin(providers, eq(providers.clinicId, clinics.id))
      .where(eq(providers.userId, placeholder('userId')))
      .prepare('access_clinic_modules'),
  );
  const rows = await statement.execute({ userId: auth.userId });
  const enabled = rows.some((row) => clinicIds.includes(row.id) && row.modules.includes(module));
  if (!enabled) {
    throw new HttpError(403, FORBIDDEN, { code: 'module_inactive' });
  }
}

/** The caller of a route whose rule requires a login; never null there. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) {
    throw new HttpError(401, NOT_AUTHENTICATED, { code: 'unauthenticated' });
  }
  return request.auth;
}
