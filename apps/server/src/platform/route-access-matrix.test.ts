import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NO_PATIENT_ACCESS_TEXT } from '@app/contracts/patient-texts';
import { PROVIDER_PERMISSIONS } from '@app/contracts/provider-permission-names';
import type { ProviderPermission } from '@app/contracts/roles';
import { WORKSPACE_MODULES } from '@app/contracts/workspace-modules';
import { clinics, providers } from '../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestUser } from '../test/create-test-user.ts';
import { loginTokens, PORTAL_CLIENT } from '../modules/auth/auth-test-helpers.ts';
import { bearer, patientAt, providerWithClinic } from '../modules/patients/patients-test-helpers.ts';
import {
  gateHolds,
  OWN_SESSION_ONLY_TEXT,
  providerGateOf,
  type AccessRule,
  type RouteAccess,
} from './access.ts';

// Issue 19 item 6 "Must show" (decision 0060): every API route × every caller (guest, the patient
// whose data the route names, a provider of the patient's clinic without permissions and with each
// single permission, a provider of another clinic holding every permission) answers as the route's
// declared rule says. The rows come from Fastify's routes and their `config.access`
// (app.routeAccess), never from a hand-kept list, so a route added later is in the matrix.
// Every module is on in both clinics: the module half of the rules is walked in
// provider-routes-access.test.ts.

type Caller =
  | { kind: 'guest' }
  | { kind: 'patient' }
  | { kind: 'provider'; grant: ProviderPermission | 'none' }
  | { kind: 'foreign-provider' };

const CALLERS: readonly Caller[] = [
  { kind: 'guest' },
  { kind: 'patient' },
  { kind: 'provider', grant: 'none' },
  ...PROVIDER_PERMISSIONS.map((grant): Caller => ({ kind: 'provider', grant })),
  { kind: 'foreign-provider' },
];

const ANY_ID = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
/** Route parameters that name the patient whose data a route holds. */
const PATIENT_PARAMS = new Set(['patientId', 'accountId', 'userId', 'patientUserId']);
const CLINIC_PARAMS = new Set(['clinicId', 'clinicUuid']);
/** Codes the access hook answers with: an allowed caller never gets one of them. */
const GATE_CODES = new Set(['unauthenticated', 'forbidden', 'missing_permission', 'module_inactive']);

type Expectation = 'allowed' | '401' | '403 forbidden' | '403 missing_permission' | '404 clinic';

function callerName(caller: Caller): string {
  return caller.kind === 'provider' ? `provider(${caller.grant})` : caller.kind;
}

function namesClinic(route: RouteAccess): boolean {
  return [...route.url.matchAll(/:(\w+)/g)].some((match) => CLINIC_PARAMS.has(match[1] ?? ''));
}

function namesPatient(route: RouteAccess): boolean {
  return [...route.url.matchAll(/:(\w+)/g)].some((match) => PATIENT_PARAMS.has(match[1] ?? ''));
}

/** What the route's rule says for the caller: the expectation is computed from the rule alone. */
function expectedFor(rule: AccessRule, caller: Caller, route: RouteAccess): Expectation {
  if (rule.kind === 'public') {
    return 'allowed';
  }
  if (caller.kind === 'guest') {
    return '401';
  }
  if (caller.kind === 'patient') {
    return rule.kind === 'provider' ? '403 forbidden' : 'allowed';
  }
  if (rule.kind === 'patient') {
    return '403 forbidden';
  }
  const gate = providerGateOf(rule);
  if (gate === null) {
    return 'allowed';
  }
  if (caller.kind === 'foreign-provider') {
    // Every permission, but at another clinic: a route naming our clinic does not exist for them.
    return namesClinic(route) ? '404 clinic' : 'allowed';
  }
  const granted = caller.grant === 'none' ? [] : [caller.grant];
  return gateHolds(gate, granted) ? 'allowed' : '403 missing_permission';
}

describe('route access matrix (every API route × guest, patient, each provider permission, other clinic)', () => {
  let t: TestApp;
  let clinicId: string;
  let patientId: string;
  const tokens = new Map<string, string>();
  /** Each signed-in caller's user id: `/api/providers/:id/...` are a provider's own account routes. */
  const userIds = new Map<string, string>();
  let routes: RouteAccess[];

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 100_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 100_000 });
    const owner = await providerWithClinic(t, [...PROVIDER_PERMISSIONS]);
    const foreign = await providerWithClinic(t, [...PROVIDER_PERMISSIONS]);
    clinicId = owner.clinicId;
    for (const id of [owner.clinicId, foreign.clinicId]) {
      await t.context.db
        .update(clinics)
        .set({ modules: [...WORKSPACE_MODULES] })
        .where(eq(clinics.id, id));
    }
    const patient = await patientAt(t, [clinicId]);
    patientId = patient.id;
    tokens.set('patient', (await loginTokens(t.app, patient.username)).access_token);
    userIds.set('patient', patient.id);
    tokens.set('foreign-provider', foreign.token);
    userIds.set('foreign-provider', foreign.id);
    for (const caller of CALLERS) {
      if (caller.kind !== 'provider') {
        continue;
      }
      const colleague = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
      await t.context.db.insert(providers).values({
        userId: colleague.id,
        clinicId,
        permissions: caller.grant === 'none' ? [] : [caller.grant],
      });
      tokens.set(callerName(caller), (await loginTokens(t.app, colleague.username)).access_token);
      userIds.set(callerName(caller), colleague.id);
    }
    // Development helpers do not exist in production; HEAD mirrors GET. Signing out ends the
    // caller's session, so it goes last.
    routes = t.app.routeAccess
      .filter(
        (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.rule.kind !== 'dev',
      )
      .sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
  });
  afterAll(() => t.close());

  /**
   * The route with its parameters filled: our clinic, our patient, the caller's own account on a
   * provider's account routes, and an id that names nothing.
   */
  const concreteUrl = (route: RouteAccess, caller: Caller) =>
    route.url.replace(/:(\w+)/g, (_match, name: string) => {
      if (CLINIC_PARAMS.has(name)) {
        return clinicId;
      }
      if (name === 'id' && route.url.startsWith('/api/providers/')) {
        return userIds.get(callerName(caller)) ?? ANY_ID;
      }
      return PATIENT_PARAMS.has(name) ? patientId : ANY_ID;
    });

  it('covers every kind of rule', () => {
    const kinds = new Set(routes.map((route) => route.rule.kind));
    expect([...kinds].sort()).toEqual([
      'authenticated',
      'patient',
      'patient-or-provider',
      'provider',
      'public',
    ]);
    expect(routes.length).toBeGreaterThan(150);
  });

  it('answers each route as its rule says for each caller', async () => {
    const wrong: { route: string; caller: string; expected: Expectation; status: number; code?: string }[] =
      [];
    for (const route of routes) {
      for (const caller of CALLERS) {
        const token = tokens.get(callerName(caller));
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route, caller),
          headers: token ? bearer(token) : {},
        });
        let code: string | undefined;
        try {
          code = (JSON.parse(response.body) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        const expected = expectedFor(route.rule, caller, route);
        const status = response.statusCode;
        let ok: boolean;
        switch (expected) {
          case 'allowed':
            // Past the gate, whatever the handler answers of the made-up ids and empty bodies, but
            // never a 500. A provider of another clinic never gets our patient's data.
            ok =
              status < 500 &&
              !GATE_CODES.has(code ?? '') &&
              !(caller.kind === 'foreign-provider' && namesPatient(route) && status < 300);
            break;
          case '401':
            ok = status === 401;
            break;
          case '403 forbidden':
            ok = status === 403 && code === 'forbidden';
            break;
          case '403 missing_permission':
            ok = status === 403 && code === 'missing_permission';
            break;
          case '404 clinic':
            ok = status === 404 && code === 'not_found';
            break;
        }
        if (!ok) {
          wrong.push({
            route: `${route.method} ${route.url}`,
            caller: callerName(caller),
            expected,
            status,
            code,
          });
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});

describe('permissions belong to one clinic (spec 3 §6, issue 19 item 6)', () => {
  let t: TestApp;
  let clinicA: string;
  let clinicB: string;
  let patientId: string;
  let patientToken: string;
  /** APPOINTMENTS at the patient's clinic A, PATIENT only at clinic B. */
  let splitToken: string;
  /** APPOINTMENTS only, at clinic A (as the demo's dr.limited). */
  let limitedToken: string;
  /** PATIENT at clinic A. */
  let patientPermissionToken: string;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    const limited = await providerWithClinic(t, ['APPOINTMENTS']);
    clinicA = limited.clinicId;
    limitedToken = limited.token;
    clinicB = (await providerWithClinic(t, ['PATIENT'])).clinicId;
    const split = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
    await t.context.db.insert(providers).values([
      { userId: split.id, clinicId: clinicA, permissions: ['APPOINTMENTS'] },
      { userId: split.id, clinicId: clinicB, permissions: ['PATIENT'] },
    ]);
    splitToken = (await loginTokens(t.app, split.username)).access_token;
    const colleague = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
    await t.context.db
      .insert(providers)
      .values({ userId: colleague.id, clinicId: clinicA, permissions: ['PATIENT'] });
    patientPermissionToken = (await loginTokens(t.app, colleague.username)).access_token;
    const patient = await patientAt(t, [clinicA]);
    patientId = patient.id;
    patientToken = (await loginTokens(t.app, patient.username)).access_token;
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const emergency = () => `/api/demographics/accounts/${patientId}/emergency`;
  const personal = (clinicId: string) =>
    `/api/demographics/clinics/${clinicId}/accounts/${patientId}/personal`;
  const newEmergency = { name: 'Someone Else', relationship: 'friend', phone: '+12125550100' };

  it('keeps a provider with only APPOINTMENTS out of the personal data and the emergency contact', async () => {
    const read = await get(personal(clinicA), limitedToken);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ code: 'missing_permission', message: NO_PATIENT_ACCESS_TEXT });
    expect((await get(emergency(), limitedToken)).statusCode).toBe(403);
    const write = await t.app.inject({
      method: 'PUT',
      url: emergency(),
      headers: bearer(limitedToken),
      payload: newEmergency,
    });
    expect(write.statusCode).toBe(403);
    // PATIENT at the patient's clinic opens them; the patient reads their own.
    expect((await get(personal(clinicA), patientPermissionToken)).statusCode).toBe(200);
    expect((await get(emergency(), patientPermissionToken)).statusCode).toBe(200);
    expect((await get(emergency(), patientToken)).statusCode).toBe(200);
  });

  it('does not let PATIENT held at another clinic open this clinic’s patient', async () => {
    // Named clinic: the permission must hold there.
    const named = await get(personal(clinicA), splitToken);
    expect(named.statusCode).toBe(403);
    expect(named.json()).toMatchObject({ code: 'missing_permission' });
    // No clinic named: the patient is looked for only where PATIENT holds (clinic B), so not found.
    expect((await get(emergency(), splitToken)).statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PUT',
      url: emergency(),
      headers: bearer(splitToken),
      payload: newEmergency,
    });
    expect(write.statusCode).toBe(404);
    // Registering a patient at clinic A needs PATIENT at A (a :clinicUuid route).
    const register = await t.app.inject({
      method: 'POST',
      url: `/api/clinics/${clinicA}/patients`,
      headers: bearer(splitToken),
      payload: {},
    });
    expect(register.statusCode).toBe(403);
    expect(register.json()).toMatchObject({ code: 'missing_permission' });
  });

  it('gives the booking view of a patient without the member ID to APPOINTMENTS, with it to PATIENT', async () => {
    const limited = await get(`/api/patients/${patientId}`, limitedToken);
    expect(limited.statusCode).toBe(200);
    expect(limited.json()).toMatchObject({ id: patientId, memberId: null });
    const full = await get(`/api/patients/${patientId}`, patientPermissionToken);
    expect(full.statusCode).toBe(200);
    expect(full.json<{ memberId: string | null }>().memberId).toEqual(expect.any(String));
    // PATIENT at clinic B and APPOINTMENTS at A: the booking view (APPOINTMENTS at A), no member ID.
    expect((await get(`/api/patients/${patientId}`, splitToken)).json()).toMatchObject({ memberId: null });
  });

  it('does not widen a provider’s access by switching into the patient’s session (spec 2 §4)', async () => {
    const switched = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: bearer(limitedToken),
      payload: { grant_type: 'clinic_user', client_id: PORTAL_CLIENT, clinic_user_id: patientId },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const asPatient = switched.json<{ access_token: string }>().access_token;
    const read = await get(emergency(), asPatient);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ code: 'missing_permission' });
    expect((await get('/api/vitals/values', asPatient)).statusCode).toBe(403);
    // What APPOINTMENTS allows stays open in the switched session: the patient's appointments.
    const appointments = await get('/api/appointments?startAt=2026-01-01&finishAt=2026-01-31', asPatient);
    expect(appointments.statusCode, appointments.body).toBe(200);
    // So do the shell's clinics and unread badge; the patient's messages and balances need PATIENT
    // (decision 0067).
    expect((await get('/api/user/clinics', asPatient)).statusCode).toBe(200);
    expect((await get('/api/messages/unread-count', asPatient)).statusCode).toBe(200);
    for (const path of ['/api/messages/threads', '/api/payments/balances']) {
      const refused = await get(path, asPatient);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'missing_permission' });
    }

    const full = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: bearer(patientPermissionToken),
      payload: { grant_type: 'clinic_user', client_id: PORTAL_CLIENT, clinic_user_id: patientId },
    });
    expect(full.statusCode, full.body).toBe(200);
    const asPatientFully = full.json<{ access_token: string }>().access_token;
    expect((await get(emergency(), asPatientFully)).statusCode).toBe(200);
    expect((await get('/api/messages/threads', asPatientFully)).statusCode).toBe(200);
    // The account's own settings stay the patient's, whatever the provider holds.
    for (const [method, url, payload] of [
      ['POST', '/api/user/security/password', { newPassword: 'Switched#Takeover2026' }],
      ['PATCH', '/api/user/security/question', { question: 'Pet?', answer: 'Rex' }],
    ] as const) {
      const refused = await t.app.inject({ method, url, headers: bearer(asPatientFully), payload });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'own_session_only', message: OWN_SESSION_ONLY_TEXT });
    }
  });
});
