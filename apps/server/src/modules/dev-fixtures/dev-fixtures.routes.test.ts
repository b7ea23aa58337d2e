import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { passwordGrant } from '../auth/auth-test-helpers.ts';

describe('development fixtures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a clinic and a provider there who can log in', async () => {
    const clinic = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/clinics',
      payload: { name: 'North' },
    });
    expect(clinic.statusCode).toBe(201);
    const { clinicNumber } = clinic.json<{ clinicNumber: number }>();
    expect(clinicNumber).toBeGreaterThanOrEqual(9000);
    const user = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/users',
      payload: {
        memberType: 'doctor',
        username: 'fixture.doctor',
        password: 'Fixture#Pass1',
        clinicNumbers: [clinicNumber],
        permissions: ['MESSAGE'],
      },
    });
    expect(user.statusCode).toBe(201);
    expect((await passwordGrant(t.app, 'fixture.doctor', 'Fixture#Pass1')).statusCode).toBe(200);
  });

  it('refuses unknown clinics and bad input with a 4xx', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/users',
      payload: { clinicNumbers: [1] },
    });
    expect(unknown.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/users',
      payload: { memberType: 'alien' },
    });
    expect(bad.statusCode).toBe(400);
  });

  describe('in production', () => {
    let prod: TestApp;
    beforeAll(async () => {
      prod = await buildTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    });
    afterAll(async () => {
      await prod.close();
    });

    it('does not exist in production', async () => {
      const response = await prod.app.inject({
        method: 'POST',
        url: '/dev/fixtures/clinics',
        payload: { name: 'X' },
      });
      expect(response.statusCode).toBe(404);
    });
  });
});
