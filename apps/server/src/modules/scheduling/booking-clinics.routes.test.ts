import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { createPatient, createSchedulingWorld, type SchedulingWorld } from './scheduling-test-helpers.ts';

describe('GET /api/scheduling/clinics (decision 0017)', () => {
  let t: TestApp;
  let w: SchedulingWorld;
  let other: SchedulingWorld;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createSchedulingWorld(t.context.db);
    other = await createSchedulingWorld(t.context.db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function clinicsOf(username: string) {
    const { access_token } = await loginTokens(t.app, username);
    return t.app.inject({
      method: 'GET',
      url: '/api/scheduling/clinics',
      headers: { authorization: `Bearer ${access_token}` },
    });
  }

  it("answers a patient's own clinics only", async () => {
    const response = await clinicsOf(w.patient.username);
    expect(response.statusCode).toBe(200);
    const { clinics } = response.json<{ clinics: { clinicUuid: string }[] }>();
    expect(clinics.map((clinic) => clinic.clinicUuid)).toEqual([w.clinicId]);
  });

  it('answers every clinic of a patient registered at two', async () => {
    const patient = await createPatient(t.context.db, w.clinicId);
    const { clinicPatients } = await import('../../db/schema/clinics.ts');
    await t.context.db.insert(clinicPatients).values({ clinicId: other.clinicId, userId: patient.id });
    const { clinics } = (await clinicsOf(patient.username)).json<{ clinics: { clinicUuid: string }[] }>();
    expect(clinics.map((clinic) => clinic.clinicUuid).sort()).toEqual([w.clinicId, other.clinicId].sort());
  });

  it("answers a provider's clinic", async () => {
    const { clinics } = (await clinicsOf(w.providerUser.username)).json<{
      clinics: { clinicUuid: string }[];
    }>();
    expect(clinics.map((clinic) => clinic.clinicUuid)).toEqual([w.clinicId]);
  });

  it('needs a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/scheduling/clinics' });
    expect(response.statusCode).toBe(401);
  });
});
