import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCleanSingleLine } from '@app/contracts/text';
import { eq, sql } from 'drizzle-orm';
import type { AuditAction } from '@app/contracts/audit';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { AuthContext } from '../access.ts';
import { verifyAccessToken } from '../auth/access-token.ts';
import { patientsOfRecord } from './audit-patient-lookup.ts';
import { auditDeclarationOf, type AuditDeclaration } from './audit-routes.ts';
import { recordAuditEvents, recordAuditEventsAlone, type AuditEvent } from './audit-recorder.ts';
import { joinChangeTransactions, runInChangeScope, type ChangeAuditScope } from './audit-transaction.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer object, kept for the audit hook (it names the patients of a list or search). */
    auditPayload?: unknown;
    /** Set once a handler recorded its events itself (audit.record), so the hook adds none. */
    auditRecorded?: boolean;
    /** A change request's events, prepared before its handler for its transaction (decision 0064). */
    auditScope?: ChangeAuditScope;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PATIENT_PARAMS = ['patientId', 'patientUserId', 'accountId', 'userId'] as const;
const TOKEN_ROUTE = '/oauth/v2/token';
/** Grants a person types a secret into: a refusal of one is a failed login. */
const CREDENTIAL_GRANTS = new Set([
  'password',
  'doctor_username',
  'pin_code',
  'clinic_password',
  'two_factor',
]);
/** Answer keys whose object, or whose array's objects, name a patient by `userId`. */
const PATIENT_HOLDERS = new Set(['items', 'patient', 'card']);
/** The most patients one answer adds events for (a search page is 25; a bulk list is capped here). */
const MAX_PATIENTS_PER_ANSWER = 200;

/** Who acted, and through whose account (issue 19: "acting-for (family/patient switch)"). */
export function actorOf(auth: AuthContext): { actorUserId: string; actingForUserId: string | null } {
  const behind = auth.actingProviderId ?? auth.familyPrimaryUserId;
  return behind
    ? { actorUserId: behind, actingForUserId: auth.userId }
    : { actorUserId: auth.userId, actingForUserId: null };
}

function actionOfMethod(method: string): AuditAction {
  switch (method) {
    case 'POST':
      return 'create';
    case 'PUT':
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return 'read';
  }
}

function params(request: FastifyRequest): Record<string, unknown> {
  return (request.params ?? {}) as Record<string, unknown>;
}

/**
 * The patients an answer names: `patientId`/`patientUserId` fields at any depth; `userId` of a
 * search's `items[]`, of a `patient` or `card` object, or of an entry of kind 'patient'.
 */
export function patientsInAnswer(payload: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number, inItems: boolean) => {
    if (found.size >= MAX_PATIENTS_PER_ANSWER || depth > 4 || value === null || typeof value !== 'object') {
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        visit(item, depth + 1, inItems);
      }
      return;
    }
    // A person who is a patient: a search's or queue's `items[]`, a thread participant or message
    // receiver of kind 'patient', a card's owner, the patient a kiosk confirms.
    const isPatient = inItems || (value as { kind?: unknown }).kind === 'patient';
    for (const [key, child] of Object.entries(value)) {
      if (
        (key === 'patientId' || key === 'patientUserId' || (isPatient && key === 'userId')) &&
        typeof child === 'string'
      ) {
        found.add(child);
      } else if (typeof child === 'object') {
        visit(child, depth + 1, PATIENT_HOLDERS.has(key));
      }
    }
  };
  visit(payload, 0, false);
  return [...found];
}

/**
 * The patient a request names before it is answered: a route parameter (see
 * AuditDeclaration.patientParam), else a patient's own session, else a change's body or query naming
 * one patient (`patientId`/`patientUserId`/`userId`, as a provider's booking does). Null when only the
 * answer says.
 */
function patientBeforeAnswer(
  request: FastifyRequest,
  declaration: AuditDeclaration,
  auth: AuthContext,
): string | null {
  const values = params(request);
  const names = declaration.patientParam ? [declaration.patientParam] : PATIENT_PARAMS;
  for (const name of names) {
    const value = values[name];
    if (typeof value === 'string') {
      return value;
    }
  }
  if (auth.role === 'user') {
    return auth.userId;
  }
  // A provider's change names its patient in the body or the query (a booking's or a card's `userId`).
  for (const named of fieldsOf(request)) {
    const value = named.patientId ?? named.patientUserId ?? named.userId;
    // Only an id: a field of another shape (a member number) must not fail the change's append.
    if (typeof value === 'string' && UUID.test(value)) {
      return value;
    }
  }
  return null;
}

/** A change's body and query, as records (either may be absent or of another shape). */
function fieldsOf(request: FastifyRequest): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const part of [request.body, request.query]) {
    if (request.method !== 'GET' && part !== null && typeof part === 'object' && !Array.isArray(part)) {
      found.push(part as Record<string, unknown>);
    }
  }
  return found;
}

/**
 * The patients of a change, known before its handler runs: as patientBeforeAnswer says, else the
 * patients of the record its parameters name (a visit, a thread, a task…); [null] when none is known.
 * A change whose patients only its answer can name records them itself with audit.record.
 */
async function changePatients(
  db: Db,
  request: FastifyRequest,
  declaration: AuditDeclaration,
  auth: AuthContext,
): Promise<(string | null)[]> {
  const before = patientBeforeAnswer(request, declaration, auth);
  if (before !== null) {
    return [before];
  }
  const url = request.routeOptions.url ?? '';
  for (const named of [params(request), ...fieldsOf(request)]) {
    const ofRecord = await patientsOfRecord(db, url, named);
    if (ofRecord.length > 0) {
      return ofRecord;
    }
  }
  return [null];
}

/** The patients a request touched; [null] when none is known. */
function patientsOf(
  request: FastifyRequest,
  declaration: AuditDeclaration,
  auth: AuthContext,
): (string | null)[] {
  const before = patientBeforeAnswer(request, declaration, auth);
  if (before !== null) {
    return [before];
  }
  const named = patientsInAnswer(request.auditPayload);
  return named.length > 0 ? named : [null];
}

/** The events of a read or change of patient data (`patients` as patientsOf gives them). */
function dataEvents(
  request: FastifyRequest,
  declaration: AuditDeclaration,
  patients: readonly (string | null)[],
): AuditEvent[] {
  const part = requestPartOf(request);
  const resourceId = resourceIdOf(request, declaration);
  const action = declaration.action ?? actionOfMethod(request.method);
  return patients.map((patientId) => ({
    ...part,
    patientId,
    resourceType: declaration.resource,
    resourceId,
    action,
    outcome: 'success',
  }));
}

const CHANGES = new Set<AuditAction>(['create', 'update', 'delete']);

function resourceIdOf(request: FastifyRequest, declaration: AuditDeclaration): string | null {
  const values = params(request);
  if (declaration.resourceIdParam) {
    const value = values[declaration.resourceIdParam];
    return typeof value === 'string' ? value : null;
  }
  for (const [name, value] of Object.entries(values)) {
    if (
      typeof value === 'string' &&
      name !== 'clinicId' &&
      name !== 'clinicUuid' &&
      !PATIENT_PARAMS.includes(name as never)
    ) {
      return value;
    }
  }
  return null;
}

/** The request part of an event: who, from where, which request. */
export function requestPartOf(
  request: FastifyRequest,
): Pick<AuditEvent, 'actorUserId' | 'actingForUserId' | 'requestId' | 'clientAddress'> {
  const who = request.auth ? actorOf(request.auth) : { actorUserId: null, actingForUserId: null };
  return { ...who, requestId: request.id, clientAddress: request.ip };
}

/**
 * `audit.record(tx, request, events)`: the explicit call for a handler whose one request touches
 * several patients, or that wants its events in its own transaction. The hook then adds nothing for
 * that request. `events` need only say what was touched; who, where and which request come from it.
 */
export const audit = {
  async record(
    tx: Db,
    request: FastifyRequest,
    now: Date,
    events: readonly Omit<AuditEvent, 'actorUserId' | 'actingForUserId' | 'requestId' | 'clientAddress'>[],
  ): Promise<void> {
    request.auditRecorded = true;
    // The handler says what it touched: the events prepared for its transaction are not added.
    if (request.auditScope?.state === 'pending') {
      request.auditScope.state = 'closed';
    }
    const part = requestPartOf(request);
    await recordAuditEvents(
      tx,
      events.map((event) => ({ ...part, ...event })),
      now,
    );
  },
};

async function loginEvents(
  context: AppContext,
  request: FastifyRequest,
  status: number,
): Promise<AuditEvent[]> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const grant = typeof body.grant_type === 'string' ? body.grant_type : null;
  const where = {
    requestId: request.id,
    clientAddress: request.ip,
    resourceType: 'session',
    resourceId: grant,
  };
  if (status === 200) {
    const payload = request.auditPayload as { access_token?: unknown } | undefined;
    if (typeof payload?.access_token !== 'string' || grant === 'refresh_token') {
      return [];
    }
    const verified = await verifyAccessToken(context.signingKey, payload.access_token, context.now());
    if (!verified.ok) {
      return [];
    }
    return [{ ...where, actorUserId: verified.claims.userId, action: 'login', outcome: 'success' }];
  }
  if (status === 400 && grant !== null && CREDENTIAL_GRANTS.has(grant)) {
    // The account tried, when the attempt names one that exists (never the typed name itself).
    let actorUserId: string | null = null;
    // The body may be one the contract refused (this 400 is then its validation error): only a clean
    // name is looked up, as a NUL would fail the query itself (decision 0059).
    if (
      typeof body.username === 'string' &&
      body.username.length <= 200 &&
      isCleanSingleLine(body.username)
    ) {
      const [user] = await context.db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.username})`, body.username.trim().toLowerCase()))
        .limit(1);
      actorUserId = user?.id ?? null;
    }
    return [{ ...where, actorUserId, action: 'failed-login', outcome: 'failure' }];
  }
  return [];
}

/**
 * What kept a successful change's events out of its transaction, or null: a write through `db` outside
 * any transaction, or patients only its answer names while the events know none. Tests fail such a
 * request (500); a running server records the change after it, as before, and logs a warning.
 */
export function changeJoinProblem(
  route: string,
  scope: ChangeAuditScope,
  recordedByHandler: boolean,
  answer: unknown,
): string | null {
  if (scope.writeOutside !== undefined) {
    return `${route} wrote outside a transaction (${scope.writeOutside}): wrap its writes in db.transaction`;
  }
  if (
    !recordedByHandler &&
    scope.events.every((event) => (event.patientId ?? null) === null) &&
    patientsInAnswer(answer).length > 0
  ) {
    return `${route} names its patients only in its answer: record them with audit.record or auditChangeTouches in its transaction`;
  }
  return null;
}

/**
 * The one audit hook of the request pipeline (issue 19 item 1, decisions 0057 and 0064). It records a
 * read or change of patient data (routes of the groups in audit-routes.ts, or with their own
 * `config.audit`), a login and a failed login (the token endpoint), and every refusal by the access
 * rules (403). A change's events are prepared before its handler and written by the handler's own
 * transaction as it commits (audit-transaction.ts), so the change and its events stand or fall
 * together. Everything else (reads, logins, refusals, a change that ran no transaction or whose
 * patients only its answer names) is written after the handler, before the answer leaves; a failed
 * write fails the request (500), so no read goes unrecorded.
 */
export function registerAuditTrail(app: FastifyInstance, context: AppContext): void {
  const enabled = context.env.AUDIT_RECORDING === 'on';
  if (enabled) {
    joinChangeTransactions(context.db, context.now);
  }

  const checkChangeJoined = (request: FastifyRequest, scope: ChangeAuditScope) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const problem = changeJoinProblem(route, scope, request.auditRecorded === true, request.auditPayload);
    if (problem === null || !enabled) {
      return;
    }
    if (context.env.NODE_ENV === 'test') {
      throw new Error(`audit: ${problem}`);
    }
    request.log.warn(`audit: ${problem}`);
  };

  app.addHook('onRoute', (route) => {
    const declaration = auditDeclarationOf(route.url, route.config?.audit);
    route.config = { ...route.config, audit: declaration ?? false };
  });

  // After the access rules (preValidation) have set request.auth; callback style, so the handler runs
  // inside the scope and every transaction it opens finds the events.
  app.addHook('preHandler', (request, _reply, done) => {
    const config = request.routeOptions.config;
    const declaration = config.audit === undefined || config.audit === false ? null : config.audit;
    const action = declaration ? (declaration.action ?? actionOfMethod(request.method)) : null;
    if (!enabled || !declaration || !request.auth || action === null || !CHANGES.has(action)) {
      done();
      return;
    }
    const auth = request.auth;
    changePatients(context.db, request, declaration, auth).then(
      (patients) => {
        const scope: ChangeAuditScope = {
          events: dataEvents(request, declaration, patients),
          state: 'pending',
        };
        request.auditScope = scope;
        runInChangeScope(scope, done);
      },
      (error: unknown) => {
        done(error as Error);
      },
    );
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (enabled && request.routeOptions.config.audit !== undefined) {
      request.auditPayload = payload;
    }
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const scope = request.auditScope;
    if (scope?.state === 'pending') {
      scope.state = 'closed';
    }
    const status = reply.statusCode;
    if (scope && status < 400) {
      checkChangeJoined(request, scope);
    }
    if (!enabled || request.auditRecorded || scope?.state === 'recorded') {
      return payload;
    }
    const config = request.routeOptions.config;
    const declaration = config.audit === undefined || config.audit === false ? null : config.audit;
    const method = request.method;
    let events: AuditEvent[] = [];
    if (request.routeOptions.url === TOKEN_ROUTE && method === 'POST') {
      events = await loginEvents(context, request, status);
    } else if (status === 403 && request.auth) {
      events = [
        {
          ...requestPartOf(request),
          patientId: null,
          resourceType: declaration?.resource ?? 'route',
          resourceId: `${method} ${request.routeOptions.url ?? ''}`,
          action: 'permission-denied',
          outcome: 'denied',
        },
      ];
    } else if (scope && status < 400) {
      // A change that ran no transaction (it wrote nothing, or it wrote alone: see checkChangeJoined).
      events = [...scope.events];
    } else if (declaration && request.auth && status < 400 && method !== 'HEAD' && method !== 'OPTIONS') {
      let patients = patientsOf(request, declaration, request.auth);
      if (patients[0] === null) {
        // A read of a record whose answer does not name its patient (a visit's chat): the record does.
        const ofRecord = await patientsOfRecord(context.db, request.routeOptions.url ?? '', params(request));
        patients = ofRecord.length > 0 ? ofRecord : patients;
      }
      // A read that showed no patient's data (an empty board, a count polled every minute) is not a
      // disclosure: recording it would bury the trail's real reads under a clinic's polling (0066).
      if (patients[0] !== null) {
        events = dataEvents(request, declaration, patients);
      }
    }
    if (events.length > 0) {
      await recordAuditEventsAlone(context.db, events, context.now());
    }
    return payload;
  });
}
