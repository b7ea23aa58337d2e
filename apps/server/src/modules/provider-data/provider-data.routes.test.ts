import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerDataResponseSchema } from '@app/contracts/provider-data';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../patients/patients-test-helpers.ts';

describe('provider data storage (spec 3 §7: insuranceFilters, videoCallPreferences)', () => {
  let t: TestApp;
  let doctor: TestProvider;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    doctor = await providerWithClinic(t, ['APPOINTMENTS']);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (key: string, token = doctor.token) =>
    t.app.inject({ method: 'GET', url: `/api/provider/data/${key}`, headers: bearer(token) });
  const put = (key: string, value: unknown, token = doctor.token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/provider/data/${key}`,
      headers: bearer(token),
      payload: { value },
    });

  it('answers null before anything is saved, then the saved value; a second save replaces it', async () => {
    expect(providerDataResponseSchema.parse((await get('insuranceFilters')).json())).toMatchObject({
      key: 'insuranceFilters',
      value: null,
    });
    const filters = { departmentUuidList: [crypto.randomUUID()], providerIdList: [] };
    expect((await put('insuranceFilters', filters)).statusCode).toBe(200);
    expect((await get('insuranceFilters')).json()).toMatchObject({ value: filters });
    expect((await put('videoCallPreferences', { isBlurApplied: true })).json()).toMatchObject({
      value: { isBlurApplied: true },
    });
    expect((await put('videoCallPreferences', { isBlurApplied: false })).json()).toMatchObject({
      value: { isBlurApplied: false },
    });
  });

  it('keeps each provider to their own data', async () => {
    const colleague = await providerWithClinic(t, []);
    await put('videoCallPreferences', { isBlurApplied: true });
    expect((await get('videoCallPreferences', colleague.token)).json()).toMatchObject({ value: null });
  });

  it('validates per key: unknown key, wrong shape and extra fields are 400 and change nothing', async () => {
    const unknown = await put('somethingElse', { a: 1 });
    expect(unknown.statusCode).toBe(400);
    const wrong = await put('videoCallPreferences', { isBlurApplied: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'isBlurApplied must be true or false.' });
    expect((await put('insuranceFilters', { departmentIdList: [1] })).statusCode).toBe(400);
    expect((await put('insuranceFilters', { departmentUuidList: [''], providerIdList: [] })).statusCode).toBe(
      400,
    );
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/data/insuranceFilters',
      headers: bearer(doctor.token),
      payload: 'not json',
    });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);
    expect((await get('videoCallPreferences')).json()).toMatchObject({ value: { isBlurApplied: true } });
  });

  it('is for providers only', async () => {
    const patient = await patientAt(t, [doctor.clinicId]);
    const token = (await loginTokens(t.app, patient.username)).access_token;
    expect((await get('insuranceFilters', token)).statusCode).toBe(403);
    expect(
      (await put('insuranceFilters', { departmentUuidList: [], providerIdList: [] }, token)).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/provider/data/insuranceFilters' })).statusCode,
    ).toBe(401);
  });
});
