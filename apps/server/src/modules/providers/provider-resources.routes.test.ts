import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';

describe('provider resource list (spec 1 §4, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const resources = (token: string, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/providers/${id}/resources`,
      headers: { authorization: `Bearer ${token}` },
    });

  it("answers the provider's own permission names", async () => {
    const doctor = await createTestUser(t.context.db, {
      memberType: 'doctor',
      permissions: ['MESSAGE', 'APPOINTMENTS'],
    });
    const { access_token: token } = await loginTokens(t.app, doctor.username);
    const response = await resources(token, doctor.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resources: ['APPOINTMENTS', 'MESSAGE'] });
  });

  it('answers an empty list for a provider without permissions', async () => {
    const doctor = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
    const { access_token: token } = await loginTokens(t.app, doctor.username);
    expect((await resources(token, doctor.id)).json()).toEqual({ resources: [] });
  });

  it("refuses another provider's list, patients, guests and a malformed id", async () => {
    const doctor = await createTestUser(t.context.db, { memberType: 'doctor', permissions: ['MESSAGE'] });
    const colleague = await createTestUser(t.context.db, { memberType: 'doctor', permissions: ['NEWS'] });
    const patient = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, doctor.username);
    const { access_token: patientToken } = await loginTokens(t.app, patient.username);

    expect((await resources(token, colleague.id)).statusCode).toBe(403);
    expect((await resources(patientToken, patient.id)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/providers/${doctor.id}/resources` })).statusCode,
    ).toBe(401);
    expect((await resources(token, 'not-a-uuid')).statusCode).toBe(400);
  });
});
