import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWITCH_NOT_ALLOWED_TEXT, SWITCH_TOKEN_REQUIRED_TEXT } from '@app/contracts/patient-texts';
import { REFRESH_TOKEN_TTL_SECONDS } from '@app/contracts/session';
import { sessions } from '../../db/schema/auth.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getMe, loginTokens, logoutRequest, PORTAL_CLIENT, refreshGrant } from '../auth/auth-test-helpers.ts';
import { patientAt, providerWithClinic, type TestProvider } from './patients-test-helpers.ts';

interface SwitchAnswer {
  access_token: string;
  refresh_token: string;
  user: { id: string; memberType: string; role: string; switchedBy?: string };
}

describe('clinic_user grant: provider-to-patient switch (spec 2 §4)', () => {
  let t: TestApp;
  let provider: TestProvider;
  let other: TestProvider;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    provider = await providerWithClinic(t, ['APPOINTMENTS']);
    other = await providerWithClinic(t, ['PATIENT', 'APPOINTMENTS']);
  });
  afterAll(async () => {
    await t.close();
  });

  const switchTo = (patientId: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { grant_type: 'clinic_user', client_id: PORTAL_CLIENT, clinic_user_id: patientId },
    });

  it("logs the provider in as a patient of their clinic, marked and recorded as the provider's switch", async () => {
    const patient = await patientAt(t, [provider.clinicId]);
    const response = await switchTo(patient.id, provider.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SwitchAnswer>();
    expect(body.user).toMatchObject({
      id: patient.id,
      memberType: 'patient',
      role: 'user',
      switchedBy: provider.id,
    });

    const me = await getMe(t.app, body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: patient.id, role: 'user' });

    // Audit: the session says who acted, and it ends no later than the provider's own session.
    const rows = await t.context.db.select().from(sessions).where(eq(sessions.userId, patient.id));
    expect(rows).toHaveLength(1);
    const [providerSession] = await t.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, rows[0]?.parentSessionId ?? ''));
    expect(rows[0]?.switchedByUserId).toBe(provider.id);
    expect(providerSession?.userId).toBe(provider.id);
    expect(rows[0]?.expiresAt.getTime()).toBe(providerSession?.expiresAt.getTime());
  });

  it('acts for a pending patient the provider registered (no password yet)', async () => {
    const patient = await patientAt(t, [provider.clinicId], { status: 'pending', password: null });
    const response = await switchTo(patient.id, provider.token);
    expect(response.statusCode, response.body).toBe(200);
    const me = await getMe(t.app, response.json<SwitchAnswer>().access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: patient.id, status: 'pending' });
  });

  it('refuses a patient of another clinic, and one who does not exist, with the same OAuth error', async () => {
    const elsewhere = await patientAt(t, [other.clinicId]);
    const refused = await switchTo(elsewhere.id, provider.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: SWITCH_NOT_ALLOWED_TEXT });
    const unknown = await switchTo('00000000-0000-4000-8000-000000000000', provider.token);
    expect(unknown.json()).toEqual(refused.json());
    const created = await t.context.db.select().from(sessions).where(eq(sessions.userId, elsewhere.id));
    expect(created).toHaveLength(0);
  });

  it('refuses a provider without PATIENT or APPOINTMENTS at that clinic', async () => {
    const messenger = await providerWithClinic(t, ['MESSAGE']);
    const patient = await patientAt(t, [messenger.clinicId]);
    const refused = await switchTo(patient.id, messenger.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a patient caller, and a switched session switching again', async () => {
    const patient = await patientAt(t, [provider.clinicId]);
    const second = await patientAt(t, [provider.clinicId]);
    const own = await loginTokens(t.app, patient.username);
    const byPatient = await switchTo(second.id, own.access_token);
    expect(byPatient.statusCode).toBe(400);
    expect(byPatient.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: SWITCH_NOT_ALLOWED_TEXT,
    });

    const switched = (await switchTo(patient.id, provider.token)).json<SwitchAnswer>();
    const chained = await switchTo(second.id, switched.access_token);
    expect(chained.statusCode).toBe(400);
  });

  it('answers 401 invalid_token without a token or with a forged one', async () => {
    const patient = await patientAt(t, [provider.clinicId]);
    const none = await switchTo(patient.id);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'invalid_token', error_description: SWITCH_TOKEN_REQUIRED_TEXT });
    const forged = await switchTo(patient.id, `${provider.token.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(401);
  });

  it('answers 400 for a clinic_user_id that is not a uuid', async () => {
    const response = await switchTo('42', provider.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'clinic_user_id is not valid',
    });
  });

  it("ends with the provider's session: logout of the provider stops the patient session and its refresh", async () => {
    const own = await providerWithClinic(t, ['PATIENT']);
    const patient = await patientAt(t, [own.clinicId]);
    const switched = (await switchTo(patient.id, own.token)).json<SwitchAnswer>();
    expect((await getMe(t.app, switched.access_token)).statusCode).toBe(200);

    expect((await logoutRequest(t.app, own.token)).statusCode).toBe(200);
    expect((await getMe(t.app, switched.access_token)).statusCode).toBe(401);
    const refreshed = await refreshGrant(t.app, switched.refresh_token);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("refreshes while the provider's session lives, keeps the mark, and never outlives it", async () => {
    const own = await providerWithClinic(t, ['PATIENT']);
    const patient = await patientAt(t, [own.clinicId], { status: 'pending', password: null });
    const switched = (await switchTo(patient.id, own.token)).json<SwitchAnswer>();
    const refreshed = await refreshGrant(t.app, switched.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = refreshed.json<SwitchAnswer>();
    expect(next.user.switchedBy).toBe(own.id);

    // Logging out of the patient side ends only the patient session ("Return to provider").
    expect((await logoutRequest(t.app, next.access_token)).statusCode).toBe(200);
    expect((await getMe(t.app, own.token)).statusCode).toBe(200);

    const again = (await switchTo(patient.id, own.token)).json<SwitchAnswer>();
    t.advanceClock(REFRESH_TOKEN_TTL_SECONDS * 1000 + 1000);
    const late = await refreshGrant(t.app, again.refresh_token);
    expect(late.statusCode).toBe(400);
  });
});
