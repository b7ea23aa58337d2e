import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { masterPasswordResponseSchema, waitingTimeListResponseSchema } from '@app/contracts/clinic-admin';
import { clinics, departments, providers } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens, PORTAL_CLIENT } from '../auth/auth-test-helpers.ts';
import { bearer, providerWithClinic, type TestProvider } from '../patients/patients-test-helpers.ts';
import { masterPasswordColumns } from './master-password.ts';

describe('master password and wait times panels (spec 3 §2, §4, §5, §7)', () => {
  let t: TestApp;
  let admin: TestProvider;
  let plain: TestProvider;
  let other: TestProvider;
  let patientToken: string;
  let clinicNumber: number;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await providerWithClinic(t, ['SETTING', 'WAIT_TIMES']);
    other = await providerWithClinic(t, ['SETTING', 'WAIT_TIMES']);
    plain = await providerWithClinic(t, []);
    // plain joins admin's clinic without permissions.
    await t.context.db.delete(providers).where(eq(providers.userId, plain.id));
    await t.context.db
      .insert(providers)
      .values({ userId: plain.id, clinicId: admin.clinicId, permissions: [] });
    plain = { ...plain, clinicId: admin.clinicId };
    await t.context.db
      .update(clinics)
      .set(await masterPasswordColumns(t.context.signingKey, 'Seeded#Master1'))
      .where(eq(clinics.id, admin.clinicId));
    const [clinic] = await t.context.db.select().from(clinics).where(eq(clinics.id, admin.clinicId));
    clinicNumber = clinic?.clinicNumber ?? 0;
    await t.context.db.insert(departments).values([
      { clinicId: admin.clinicId, name: 'North', timezone: 'America/New_York' },
      { clinicId: admin.clinicId, name: 'South', timezone: 'America/New_York' },
      { clinicId: admin.clinicId, name: 'Closed', timezone: 'America/New_York', isScheduling: false },
    ]);
    const patient = await createTestUser(t.context.db, { memberType: 'patient' });
    patientToken = (await loginTokens(t.app, patient.username)).access_token;
  });
  afterAll(() => t.close());

  const mp = (clinicId: string) => `/api/provider/clinics/${clinicId}/master-password`;
  const wt = (clinicId: string) => `/api/provider/clinics/${clinicId}/waiting-times`;
  const clinicLogin = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: {
        grant_type: 'clinic_password',
        client_id: PORTAL_CLIENT,
        clinic_id: String(clinicNumber),
        password,
      },
    });

  it('shows the master password to any provider of the clinic', async () => {
    for (const provider of [admin, plain]) {
      const response = await t.app.inject({ url: mp(provider.clinicId), headers: bearer(provider.token) });
      expect(response.statusCode).toBe(200);
      expect(masterPasswordResponseSchema.parse(response.json())).toEqual({
        masterPassword: 'Seeded#Master1',
      });
    }
  });

  it('resets it only with SETTING; the new password is shown and the clinic login takes it', async () => {
    const denied = await t.app.inject({
      method: 'POST',
      url: `${mp(plain.clinicId)}/refresh`,
      headers: bearer(plain.token),
    });
    expect(denied.statusCode).toBe(403);
    const reset = await t.app.inject({
      method: 'POST',
      url: `${mp(admin.clinicId)}/refresh`,
      headers: bearer(admin.token),
    });
    expect(reset.statusCode).toBe(200);
    const { masterPassword } = masterPasswordResponseSchema.parse(reset.json());
    expect(masterPassword).toMatch(/^.{16}$/);
    expect(masterPassword).not.toBe('Seeded#Master1');
    const shown = await t.app.inject({ url: mp(admin.clinicId), headers: bearer(admin.token) });
    expect(shown.json()).toEqual({ masterPassword });
    expect((await clinicLogin(masterPassword ?? '')).statusCode).toBe(200);
    expect((await clinicLogin('Seeded#Master1')).statusCode).toBe(400);
  });

  it('refuses another clinic (404) and patients (403)', async () => {
    expect((await t.app.inject({ url: mp(admin.clinicId), headers: bearer(other.token) })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${mp(admin.clinicId)}/refresh`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: mp(admin.clinicId), headers: bearer(patientToken) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: wt(admin.clinicId), headers: bearer(patientToken) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: wt(admin.clinicId), headers: bearer(other.token) })).statusCode).toBe(
      404,
    );
  });

  it('lists a waiting-time entry per integrated department and saves the buffer in seconds', async () => {
    expect((await t.app.inject({ url: wt(plain.clinicId), headers: bearer(plain.token) })).statusCode).toBe(
      403,
    );
    const listed = waitingTimeListResponseSchema.parse(
      (await t.app.inject({ url: wt(admin.clinicId), headers: bearer(admin.token) })).json(),
    );
    expect(listed.map((entry) => [entry.departmentName, entry.bufferTime])).toEqual([
      ['North', 0],
      ['South', 0],
    ]);
    const [north] = listed;
    if (!north) {
      throw new Error('no entry');
    }
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${wt(admin.clinicId)}/${north.id}`,
      headers: bearer(admin.token),
      payload: { bufferTime: 15 * 60 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: north.id, bufferTime: 900 });
    const one = await t.app.inject({
      url: `${wt(admin.clinicId)}?departmentUuid=${north.departmentUuid}`,
      headers: bearer(admin.token),
    });
    expect(one.json()).toEqual([expect.objectContaining({ id: north.id, bufferTime: 900 })]);
  });

  it('rejects a bad buffer with 400 and changes nothing; foreign entries are 404', async () => {
    const [entry] = waitingTimeListResponseSchema.parse(
      (await t.app.inject({ url: wt(admin.clinicId), headers: bearer(admin.token) })).json(),
    );
    if (!entry) {
      throw new Error('no entry');
    }
    for (const bufferTime of [-60, 30, 1.5, 'ten', 24 * 3600 + 60, null]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: `${wt(admin.clinicId)}/${entry.id}`,
        headers: bearer(admin.token),
        payload: { bufferTime },
      });
      expect(bad.statusCode, String(bufferTime)).toBe(400);
      expect(bad.json<{ message: string }>().message).toBeTruthy();
    }
    const after = await t.app.inject({ url: wt(admin.clinicId), headers: bearer(admin.token) });
    expect(after.json<{ bufferTime: number }[]>()[0]?.bufferTime).toBe(entry.bufferTime);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `${wt(other.clinicId)}/${entry.id}`,
      headers: bearer(other.token),
      payload: { bufferTime: 60 },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
