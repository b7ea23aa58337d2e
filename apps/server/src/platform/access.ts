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
import { clinics, providers } from '../db/schema/clinics.ts';
import { verifyAccessToken } from './auth/access-token.ts';
import { HttpError } from './http-error.ts';

/**
 * Who may call a route. Every route declares one in `config.access`; a route without one stops
 * start-up (ARCHITECTURE.md, convention 2).
 */
export type AccessRule =
  | { kind: 'public' }
  /** Development helpers; such routes are not registered in production at all. */
  | { kind: 'dev' }
  | { kind: 'authenticated' }
  | { kind: 'patient' }
  /**
   * A provider of the clinic holding every one of `permissions` (spec 3 §6; a patient tab such as
   * health needs PATIENT and REMOTE_PATIENT_MONITORING). With `module`, one of the caller's clinics
   * must have that module on (spec 3 §6: sidebar items and their routes need both). A route with a
   * `:clinicId` parameter is further limited to members of that clinic, and then the module must be
   * on in that clinic.
   */
  | {
      kind: 'provider';
      permissions?: readonly ProviderPermission[];
      module?: WorkspaceModule;
      /**
       * The refusal text when a permission is missing, where the spec names one (e.g. spec 3 §8 "You
       * do not have access to view patient details."); otherwise the generic text. The code stays
       * `missing_permission` either way, so the web app and the matrix test read one code.
       */
      deniedMessage?: string;
    };

/** One permission, or several that must all hold. */
export type PermissionRequirement = ProviderPermission | readonly ProviderPermission[];

export const access = {
  public: { kind: 'public' },
  dev: { kind: 'dev' },
  authenticated: { kind: 'authenticated' },
  patient: { kind: 'patient' },
  provider: (
    permission?: PermissionRequirement,
    module?: WorkspaceModule,
    deniedMessage?: string,
  ): AccessRule => {
    const permissions =
      permission === undefined ? [] : typeof permission === 'string' ? [permission] : [...permission];
    return {
      kind: 'provider',
      ...(permissions.length > 0 ? { permissions } : {}),
      ...(module ? { module } : {}),
      ...(deniedMessage ? { deniedMessage } : {}),
    };
  },
} as const satisfies Record<
  string,
  | AccessRule
  | ((permission?: PermissionRequirement, module?: WorkspaceModule, deniedMessage?: string) => AccessRule)
>;

/** The permissions of a provider rule that `granted` lacks (none: the permission part holds). */
export function missingPermissions(
  rule: Extract<AccessRule, { kind: 'provider' }>,
  granted: readonly ProviderPermission[],
): ProviderPermission[] {
  return (rule.permissions ?? []).filter((permission) => !granted.includes(permission));
}

export interface AuthContext {
  userId: string;
  sessionId: string;
  memberType: MemberType;
  role: Exclude<Role, 'guest'>;
  /** Clinics the user belongs to, as provider (for doctors). */
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
}

const NOT_AUTHENTICATED = 'Authentication is required.';
const FORBIDDEN = 'You do not have permission to do this.';
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

  app.addHook('onRoute', (route) => {
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
      routeAccess.push({ method, url: route.url, rule, ...(route.schema ? { schema: route.schema } : {}) });
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
      case 'public':
      case 'dev':
        return;
      case 'authenticated':
        request.auth = await loadAuthContext(options, request);
        return;
      case 'patient': {
        request.auth = await loadAuthContext(options, request);
        if (request.auth.role !== 'user') {
          throw new HttpError(403, FORBIDDEN, { code: 'forbidden' });
        }
        return;
      }
      case 'provider': {
        request.auth = await loadAuthContext(options, request);
        if (request.auth.role !== 'provider') {
          throw new HttpError(403, FORBIDDEN, { code: 'forbidden' });
        }
        // A stable code, so the web app and the permission matrix test (provider-permission-matrix
        // .test.ts) tell a missing permission from a wrong role or an inactive module.
        if (missingPermissions(rule, request.auth.permissions).length > 0) {
          throw denied(rule);
        }
        await checkProviderClinic(options.db, request, rule.module);
        // A route naming a clinic needs the permission at that clinic, not at any of the caller's
        // (issue 17 item 2, decision 0041): membership is checked first, so a stranger still gets 404.
        const clinicId = clinicIdParam(request);
        if (
          clinicId !== null &&
          missingPermissions(rule, request.auth.permissionsByClinic[clinicId] ?? []).length > 0
        ) {
          throw denied(rule);
        }
        return;
      }
    }
  });
}

function denied(rule: Extract<AccessRule, { kind: 'provider' }>): HttpError {
  return new HttpError(403, rule.deniedMessage ?? FORBIDDEN, { code: 'missing_permission' });
}

function clinicIdParam(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  return typeof params?.clinicId === 'string' ? params.clinicId : null;
}

/**
 * The clinic part of a provider rule: a `:clinicId` route parameter must name one of the caller's
 * clinics (another clinic's data answers 404, as if it did not exist), and a module named by the
 * rule must be on in that clinic, or in one of the caller's clinics for routes without the parameter.
 */
async function checkProviderClinic(
  db: Db,
  request: FastifyRequest,
  module: WorkspaceModule | undefined,
): Promise<void> {
  const auth = requireAuth(request);
  const clinicId = clinicIdParam(request);
  if (clinicId !== null && !auth.clinicIds.includes(clinicId)) {
    throw new HttpError(404, CLINIC_NOT_FOUND, { code: 'not_found' });
  }
  if (!module) {
    return;
  }
  const statement = prepared(db, 'access_clinic_modules', () =>
    db
      .select({ id: clinics.id, modules: clinics.modules })
      .from(clinics)
      .innerJoin(providers, eq(providers.clinicId, clinics.id))
      .where(eq(providers.userId, placeholder('userId')))
      .prepare('access_clinic_modules'),
  );
  const rows = await statement.execute({ userId: auth.userId });
  const enabled = rows.some(
    (row) => (clinicId === null || row.id === clinicId) && row.modules.includes(module),
  );
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
