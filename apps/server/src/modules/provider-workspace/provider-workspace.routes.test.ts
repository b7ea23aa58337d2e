import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { providerWorkspaceResponseSchema } from '@app/contracts/provider-workspace';
import { clinics } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { bearer, providerWithClinic, type TestProvider } from '../patients/patients-test-helpers.ts';

describe('provider workspace', () => {
  let t: TestApp;
  let smith: TestProvider;
  let other: TestProvider;
  beforeAll(async () => {
    t = await buildTestApp();
    smith = await providerWithClinic(t, ['MESSAGE', 'PATIENT']);
    other = await providerWithClinic(t, []);
    await t.context.db
      .update(clinics)
      .set({ modules: ['waitlist', 'USER_INSURANCE', 'FLOWS'] })
      .where(eq(clinics.id, smith.clinicId));
  });
  afterAll(() => t.close());

  it('tells the provider their permissions, first clinic and its workspace modules', async () => {
    const response = await t.app.inject({ url: '/api/provider/workspace', headers: bearer(smith.token) });
    expect(response.statusCode).toBe(200);
    const body = providerWorkspaceResponseSchema.parse(response.json());
    expect(body.providerId).toBe(smith.id);
    expect(body.permissions).toEqual(['MESSAGE', 'PATIENT']);
    expect(body.clinicId).toBe(smith.clinicId);
    // Booking modules (waitlist) are not workspace modules and are left out.
    expect(body.clinics).toEqual([
      expect.objectContaining({ id: smith.clinicId, modules: ['USER_INSURANCE', 'FLOWS'] }),
    ]);
  });

  it('answers the module check for the own clinic', async () => {
    const on = await t.app.inject({
      url: `/api/provider/clinics/${smith.clinicId}/modules/FLOWS`,
      headers: bearer(smith.token),
    });
    expect(on.json()).toEqual({ active: true });
    const off = await t.app.inject({
      url: `/api/provider/clinics/${smith.clinicId}/modules/ANALYTICS`,
      headers: bearer(smith.token),
    });
    expect(off.json()).toEqual({ active: false });
  });

  it("refuses another clinic's routes with 404, patients with 403 and bad names with 400", async () => {
    const foreign = await t.app.inject({
      url: `/api/provider/clinics/${smith.clinicId}/modules/FLOWS`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    const patient = await createTestUser(t.context.db, { memberType: 'patient' });
    const tokens = await loginTokens(t.app, patient.username);
    const asPatient = await t.app.inject({
      url: '/api/provider/workspace',
      headers: bearer(tokens.access_token),
    });
    expect(asPatient.statusCode).toBe(403);
    const badModule = await t.app.inject({
      url: `/api/provider/clinics/${smith.clinicId}/modules/NOPE`,
      headers: bearer(smith.token),
    });
    expect(badModule.statusCode).toBe(400);
  });
});
