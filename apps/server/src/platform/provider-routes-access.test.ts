import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROVIDER_PERMISSIONS } from '@app/contracts/provider-permission-names';
import type { ProviderPermission } from '@app/contracts/roles';
import { clinics, providers } from '../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestUser } from '../test/create-test-user.ts';
import { loginTokens } from '../modules/auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../modules/patients/patients-test-helpers.ts';
import type { RouteAccess } from './access.ts';

// Issue 6 "Must show": every provider route refuses a patient, a provider of another clinic and a
// provider lacking the permission or the module. This walks every registered route, so a route
// added later is checked without a test of its own having to remember it.

const ANY_ID = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

function concreteUrl(route: RouteAccess, clinicId: string): string {
  return route.url.replace(/:(\w+)/g, (_match, name: string) => (name === 'clinicId' ? clinicId : ANY_ID));
}

describe('every provider route', () => {
  let t: TestApp;
  let smith: TestProvider;
  let foreign: TestProvider;
  let unprivilegedToken: string;
  let patientToken: string;
  let routes: RouteAccess[];

  beforeAll(async () => {
    t = await buildTestApp();
    const everything = [...PROVIDER_PERMISSIONS] as ProviderPermission[];
    smith = await providerWithClinic(t, everything);
    foreign = await providerWithClinic(t, everything);
    // A colleague in smith's clinic who holds no permission at all.
    const colleague = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
    await t.context.db
      .insert(providers)
      .values({ userId: colleague.id, clinicId: smith.clinicId, permissions: [] });
    unprivilegedToken = (await loginTokens(t.app, colleague.username)).access_token;
    const patient = await patientAt(t, [smith.clinicId]);
    patientToken = (await loginTokens(t.app, patient.username)).access_token;
    routes = t.app.routeAccess.filter(
      (route) => route.rule.kind === 'provider' && route.url.startsWith('/api/') && route.method !== 'HEAD',
    );
  });
  afterAll(() => t.close());

  const call = (route: RouteAccess, token: string | null, clinicId = smith.clinicId) =>
    t.app.inject({
      method: route.method as 'GET',
      url: concreteUrl(route, clinicId),
      headers: token ? bearer(token) : {},
    });

  it('covers the provider API', () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  it('refuses a caller without a token (401) and a patient (403)', async () => {
    for (const route of routes) {
      expect({ route: route.url, status: (await call(route, null)).statusCode }).toEqual({
        route: route.url,
        status: 401,
      });
      expect({ route: route.url, status: (await call(route, patientToken)).statusCode }).toEqual({
        route: route.url,
        status: 403,
      });
    }
  });

  it('refuses a provider lacking the permission (403)', async () => {
    for (const route of routes.filter((item) => item.rule.kind === 'provider' && item.rule.permissions)) {
      expect({ route: route.url, status: (await call(route, unprivilegedToken)).statusCode }).toEqual({
        route: route.url,
        status: 403,
      });
    }
  });

  it("refuses a provider of another clinic on the clinic's routes (404)", async () => {
    for (const route of routes.filter((item) => item.url.includes(':clinicId'))) {
      expect({ route: route.url, status: (await call(route, foreign.token)).statusCode }).toEqual({
        route: route.url,
        status: 404,
      });
    }
  });

  it('refuses every module-gated route when the module is off (403)', async () => {
    await t.context.db.update(clinics).set({ modules: [] }).where(eq(clinics.id, smith.clinicId));
    for (const route of routes.filter((item) => item.rule.kind === 'provider' && item.rule.module)) {
      const response = await call(route, smith.token);
      expect({
        route: route.url,
        status: response.statusCode,
        code: response.json<{ code?: string }>().code,
      }).toEqual({
        route: route.url,
        status: 403,
        code: 'module_inactive',
      });
    }
  });
});
