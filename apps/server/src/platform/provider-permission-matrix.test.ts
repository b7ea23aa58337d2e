import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROVIDER_PERMISSIONS } from '@app/contracts/provider-permission-names';
import type { ProviderPermission } from '@app/contracts/roles';
import { WORKSPACE_MODULES } from '@app/contracts/workspace-modules';
import { clinics, providers } from '../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestUser } from '../test/create-test-user.ts';
import { loginTokens } from '../modules/auth/auth-test-helpers.ts';
import { bearer, patientAt, providerWithClinic } from '../modules/patients/patients-test-helpers.ts';
import { access, gateHolds, missingPermissions, type AccessRule, type RouteAccess } from './access.ts';

// Issue 17 "Must show": every provider API route × {each single permission, none} answers as its
// declared rule (spec 3 §6) says. The rows are generated from Fastify's routes and the access rule
// each one declares (app.routeAccess), never hand-listed, so a route added later is in the matrix.
// Modules are all on in the caller's clinic: the module half of the rules is walked in
// provider-routes-access.test.ts; here only permissions vary.

type ProviderRule = Extract<AccessRule, { kind: 'provider' }>;
type Grant = ProviderPermission | 'none';

const GRANTS: readonly Grant[] = [...PROVIDER_PERMISSIONS, 'none'];
const ANY_ID = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

interface Cell {
  route: string;
  grant: Grant;
  status: number;
  code: string | undefined;
}

function isProviderRoute(route: RouteAccess): route is RouteAccess & { rule: ProviderRule } {
  return route.rule.kind === 'provider' && route.url.startsWith('/api/') && route.method !== 'HEAD';
}

describe('missingPermissions', () => {
  it('needs every permission of a rule that names several', () => {
    const rule = access.provider(['PATIENT', 'REMOTE_PATIENT_MONITORING']) as ProviderRule;
    expect(missingPermissions(rule, ['PATIENT'])).toEqual(['REMOTE_PATIENT_MONITORING']);
    expect(missingPermissions(rule, ['REMOTE_PATIENT_MONITORING'])).toEqual(['PATIENT']);
    expect(missingPermissions(rule, ['REMOTE_PATIENT_MONITORING', 'PATIENT', 'MESSAGE'])).toEqual([]);
  });

  it('asks nothing of a rule without permissions and keeps the single form', () => {
    expect(missingPermissions(access.provider() as ProviderRule, [])).toEqual([]);
    expect(access.provider('MESSAGE')).toEqual({ kind: 'provider', permissions: ['MESSAGE'] });
    expect(access.provider(undefined, 'FLOWS')).toEqual({ kind: 'provider', module: 'FLOWS' });
  });
});

describe('provider permission matrix (every provider API route × each single permission and none)', () => {
  let t: TestApp;
  let clinicId: string;
  let patientId: string;
  const tokens = new Map<Grant, string>();
  let routes: (RouteAccess & { rule: ProviderRule })[];

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await providerWithClinic(t, [...PROVIDER_PERMISSIONS]);
    clinicId = owner.clinicId;
    await t.context.db
      .update(clinics)
      .set({ modules: [...WORKSPACE_MODULES] })
      .where(eq(clinics.id, clinicId));
    patientId = (await patientAt(t, [clinicId])).id;
    // One colleague per cell of the matrix's grant axis, each holding exactly that permission.
    for (const grant of GRANTS) {
      const permissions: ProviderPermission[] = grant === 'none' ? [] : [grant];
      const colleague = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
      await t.context.db.insert(providers).values({ userId: colleague.id, clinicId, permissions });
      tokens.set(grant, (await loginTokens(t.app, colleague.username)).access_token);
    }
    routes = t.app.routeAccess.filter(isProviderRoute);
  });
  afterAll(() => t.close());

  /** The route with its parameters filled: our clinic, a patient of it, and an id that names nothing. */
  const concreteUrl = (route: RouteAccess) =>
    route.url.replace(/:(\w+)/g, (_match, name: string) => {
      if (name === 'clinicId') {
        return clinicId;
      }
      return name === 'patientId' ? patientId : ANY_ID;
    });

  async function cell(route: RouteAccess, grant: Grant): Promise<Cell> {
    const response = await t.app.inject({
      method: route.method as 'GET',
      url: concreteUrl(route),
      headers: bearer(tokens.get(grant) ?? ''),
    });
    // The audit CSV export answers in CSV; every other answer here is JSON.
    const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
    const body = json && response.body ? (JSON.parse(response.body) as { code?: string }) : {};
    return { route: `${route.method} ${route.url}`, grant, status: response.statusCode, code: body.code };
  }

  it('covers the provider API, including rules with and without permissions', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.some((route) => (route.rule.permissions ?? []).length === 0)).toBe(true);
    expect(routes.some((route) => (route.rule.permissions ?? []).length > 1)).toBe(true);
  });

  it('answers each route as its rule says for each single permission and for none', async () => {
    const wrong: (Cell & { expected: string })[] = [];
    for (const route of routes) {
      for (const grant of GRANTS) {
        const result = await cell(route, grant);
        const granted: ProviderPermission[] = grant === 'none' ? [] : [grant];
        const allowed = gateHolds(route.rule, granted);
        // Allowed: past the gate, whatever the handler answers of the made-up ids and empty body,
        // but never a 500 and never a refusal of the caller. Denied: 403 with the stable code.
        const ok = allowed
          ? result.status < 500 && result.status !== 401 && result.code !== 'missing_permission'
          : result.status === 403 && result.code === 'missing_permission';
        if (!ok) {
          wrong.push({
            ...result,
            expected: allowed ? 'past the gate (2xx/4xx, not 401/500)' : '403 missing_permission',
          });
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
