import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@app/contracts/errors';
import { vitalSeriesResponseSchema } from '@app/contracts/vitals';
import { vitalValues } from '../../db/schema/vitals.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../patients/patients-test-helpers.ts';

describe('vitals history (issue 6 item 9, spec 3 §3 keys)', () => {
  let t: TestApp;
  let smith: TestProvider;
  let limited: TestProvider;
  let stranger: TestProvider;
  let jane: { id: string; token: string };
  let mark: { id: string; token: string };

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    smith = await providerWithClinic(t, ['REMOTE_PATIENT_MONITORING', 'PATIENT']);
    stranger = await providerWithClinic(t, ['PATIENT', 'REMOTE_PATIENT_MONITORING']);
    limited = await providerWithClinic(t, ['APPOINTMENTS']);
    const janeUser = await patientAt(t, [smith.clinicId, limited.clinicId]);
    const markUser = await patientAt(t, [stranger.clinicId]);
    jane = { id: janeUser.id, token: (await loginTokens(t.app, janeUser.username)).access_token };
    mark = { id: markUser.id, token: (await loginTokens(t.app, markUser.username)).access_token };
  });
  afterAll(() => t.close());

  const post = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/vitals/values', headers: bearer(token), payload });
  const providerUrl = (clinicId: string, patientId: string, query = '') =>
    `/api/provider/clinics/${clinicId}/patients/${patientId}/vitals${query}`;

  it('stores a patient entry per key and computes BMI from weight and the latest height', async () => {
    const first = await post(jane.token, { values: { height: 65, pulse: 70 } });
    expect(first.statusCode, first.body).toBe(201);
    const second = await post(jane.token, { values: { weight: 150 } });
    expect(second.statusCode, second.body).toBe(201);
    expect(vitalSeriesResponseSchema.parse(second.json()).values).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'weight', value: 150 }),
        expect.objectContaining({ key: 'bmi', value: 25 }),
      ]),
    );
    const pain = await post(jane.token, {
      values: { pain: 10, steps: 8000 },
      recordedAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(pain.statusCode, pain.body).toBe(201);
  });

  it('reads the own series, oldest first, filtered by keys', async () => {
    const response = await t.app.inject({
      url: '/api/vitals/values?keys=pain,pulse',
      headers: bearer(jane.token),
    });
    expect(response.statusCode).toBe(200);
    const { values } = vitalSeriesResponseSchema.parse(response.json());
    expect(values.map((value) => value.key)).toEqual(['pain', 'pulse']);
    const mine = await t.app.inject({ url: '/api/vitals/values', headers: bearer(mark.token) });
    expect(vitalSeriesResponseSchema.parse(mine.json()).values).toEqual([]);
  });

  it('refuses bad values with 400 and writes nothing', async () => {
    const before = (await t.context.db.select().from(vitalValues)).length;
    const cases: object[] = [
      { values: { pain: 11 } },
      { values: { pain: -1 } },
      { values: { pain: 2.5 } },
      { values: { pulse: 'fast' } },
      { values: { bmi: 20 } },
      { values: { nope: 1 } },
      { values: { systolic_bp: 120 } },
      { values: {} },
      { values: { pulse: 70 }, recordedAt: 'yesterday' },
      { values: { pulse: 70 }, recordedAt: new Date(Date.now() + 86_400_000).toISOString() },
      { values: [70] },
      [1, 2],
    ];
    for (const payload of cases) {
      const response = await post(jane.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(apiErrorSchema.parse(response.json()).message, JSON.stringify(payload)).toBeTruthy();
    }
    const query = await t.app.inject({ url: '/api/vitals/values?keys=nope', headers: bearer(jane.token) });
    expect(query.statusCode).toBe(400);
    const days = await t.app.inject({ url: '/api/vitals/values?days=9999', headers: bearer(jane.token) });
    expect(days.statusCode).toBe(400);
    expect((await t.context.db.select().from(vitalValues)).length).toBe(before);
  });

  it("gives a clinic's provider with REMOTE_PATIENT_MONITORING the patient's series", async () => {
    const response = await t.app.inject({
      url: providerUrl(smith.clinicId, jane.id, '?keys=weight,bmi'),
      headers: bearer(smith.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { values } = vitalSeriesResponseSchema.parse(response.json());
    expect(values.map((value) => value.key).sort()).toEqual(['bmi', 'weight']);
  });

  it('refuses another clinic (404), its patient (404), no permission (403), a patient (403)', async () => {
    const foreignClinic = await t.app.inject({
      url: providerUrl(smith.clinicId, jane.id),
      headers: bearer(stranger.token),
    });
    expect(foreignClinic.statusCode).toBe(404);
    const foreignPatient = await t.app.inject({
      url: providerUrl(smith.clinicId, mark.id),
      headers: bearer(smith.token),
    });
    expect(foreignPatient.statusCode).toBe(404);
    const noPermission = await t.app.inject({
      url: providerUrl(limited.clinicId, jane.id),
      headers: bearer(limited.token),
    });
    expect(noPermission.statusCode).toBe(403);
    const patient = await t.app.inject({
      url: providerUrl(smith.clinicId, jane.id),
      headers: bearer(jane.token),
    });
    expect(patient.statusCode).toBe(403);
    const providerOnPatientRoute = await post(smith.token, { values: { pulse: 70 } });
    expect(providerOnPatientRoute.statusCode).toBe(403);
    const badId = await t.app.inject({
      url: providerUrl(smith.clinicId, 'nope'),
      headers: bearer(smith.token),
    });
    expect(badId.statusCode).toBe(400);
  });
});
