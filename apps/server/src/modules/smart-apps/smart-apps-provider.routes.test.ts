import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ConnectedApp, SmartConsentRequest, SmartTokenResponse } from '@app/contracts/smart-apps';
import { auditEvents } from '../../db/schema/audit.ts';
import { clinicPatients, clinics, providers } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { connectTestApp, registerTestApp } from './smart-test-helpers.ts';

// Decision 0089: a provider's standalone launch (`user/` scopes) is answered on the provider area's
// consent screen, which names the clinics where the provider holds PATIENT.

const REDIRECT = 'https://clinic-app.example.org/callback';

describe("SMART standalone launch for providers: the provider area's consent (decision 0089)", () => {
  let t: TestApp;
  let clientId: string;
  let aud: string;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/smart-apps',
      payload: { name: 'Clinic Dashboard', redirectUris: [REDIRECT] },
    });
    expect(registered.statusCode).toBe(201);
    clientId = registered.json<{ clientId: string }>().clientId;
    aud = (await t.app.inject({ url: '/.well-known/smart-configuration' })).json<{ issuer: string }>().issuer;
  });
  afterAll(async () => {
    await t.close();
  });

  function launch(scope: string) {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope,
      state: 'state-p',
      aud,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    return { verifier, started: t.app.inject({ url: `/oauth/smart/authorize?${query.toString()}` }) };
  }

  /** Starts a launch and answers the request id of the consent screen it was sent to. */
  async function requestFor(scope: string, area: 'user' | 'provider') {
    const { verifier, started } = launch(scope);
    const response = await started;
    expect(response.statusCode).toBe(302);
    const location = response.headers.location ?? '';
    const match = new RegExp(`^/${area}/connect-app/([0-9a-f-]{36})$`).exec(location);
    expect(match, location).not.toBeNull();
    return { requestId: match?.[1] ?? '', verifier };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const readRequest = (requestId: string, token: string) =>
    t.app.inject({ url: `/api/smart/requests/${requestId}`, headers: bearer(token) });
  const decide = (requestId: string, token: string, allow: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/smart/requests/${requestId}/decision`,
      headers: bearer(token),
      payload: { allow },
    });

  /** A doctor with `permissions` at a clinic of their own, named `clinicName`. */
  async function doctorAt(permissions: string[], clinicName?: string) {
    const doctor = await createTestUser(t.context.db, { memberType: 'doctor', permissions });
    const [row] = await t.context.db
      .select({ clinicId: providers.clinicId })
      .from(providers)
      .where(eq(providers.userId, doctor.id));
    const clinicId = row?.clinicId ?? '';
    if (clinicName) {
      await t.context.db.update(clinics).set({ name: clinicName }).where(eq(clinics.id, clinicId));
    }
    const token = (await loginTokens(t.app, doctor.username)).access_token;
    return { ...doctor, clinicId, token };
  }

  it('sends user/ scopes to the provider consent screen, patient/ ones to the patient one', async () => {
    await requestFor('openid fhirUser user/*.rs', 'provider');
    await requestFor('patient/*.rs', 'user');
  });

  it('refuses patient/ and user/ scopes asked together, back to the app with invalid_scope', async () => {
    const response = await launch('patient/*.rs user/Patient.rs').started;
    expect(response.statusCode).toBe(302);
    const back = new URL(response.headers.location ?? '');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('state')).toBe('state-p');
  });

  it('names the clinics where the provider holds PATIENT and the data in plain groups', async () => {
    const doctor = await doctorAt(['PATIENT', 'MESSAGE'], 'Northside Family Practice');
    // A second clinic where the same provider books appointments but does not hold PATIENT.
    const [other] = await t.context.db
      .insert(clinics)
      .values({ clinicNumber: 880_001, name: 'Harbor Urgent Care' })
      .returning();
    await t.context.db
      .insert(providers)
      .values({ userId: doctor.id, clinicId: other?.id ?? '', permissions: ['APPOINTMENTS'] });
    const token = (await loginTokens(t.app, doctor.username)).access_token;
    const { requestId } = await requestFor('openid fhirUser offline_access user/*.rs', 'provider');
    const response = await readRequest(requestId, token);
    expect(response.statusCode).toBe(200);
    const body = response.json<SmartConsentRequest>();
    expect(body).toMatchObject({
      appName: 'Clinic Dashboard',
      reach: 'clinics',
      clinics: [{ id: doctor.clinicId, name: 'Northside Family Practice' }],
      redirectOrigin: 'https://clinic-app.example.org',
    });
    expect(body.scopeGroups).toEqual(expect.arrayContaining(['profile', 'vitals', 'identity', 'offline']));
    // A provider's app reads no clinic's messages (decision 0084): the screen does not offer them.
    expect(body.scopeGroups).not.toContain('messages');
  });

  it('refuses Allow to a provider who holds PATIENT nowhere; Deny still answers the app', async () => {
    const doctor = await doctorAt(['APPOINTMENTS', 'SETTING']);
    const { requestId } = await requestFor('user/*.rs', 'provider');
    const read = await readRequest(requestId, doctor.token);
    expect(read.statusCode).toBe(200);
    expect(read.json<SmartConsentRequest>().clinics).toEqual([]);

    const allowed = await decide(requestId, doctor.token, true);
    expect(allowed.statusCode).toBe(403);
    expect(allowed.json()).toMatchObject({
      code: 'no_patient_permission',
      message: expect.stringContaining('Patient permission at no clinic'),
    });
    // Nothing was granted and the request is still open: Deny sends the app its refusal.
    const denied = await decide(requestId, doctor.token, false);
    expect(denied.statusCode).toBe(200);
    const back = new URL(denied.json<{ redirectUrl: string }>().redirectUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const connected = await t.app.inject({
      url: '/api/account/connected-apps',
      headers: bearer(doctor.token),
    });
    expect(connected.json()).toEqual([]);
  });

  it('refuses a scope mismatch: a provider on a patient/ request, a patient on a user/ one', async () => {
    const doctor = await doctorAt(['PATIENT']);
    const patientRequest = await requestFor('patient/*.rs', 'user');
    const providerRead = await readRequest(patientRequest.requestId, doctor.token);
    expect(providerRead.statusCode).toBe(403);
    expect(providerRead.json()).toMatchObject({ code: 'scope_not_allowed' });
    expect((await decide(patientRequest.requestId, doctor.token, true)).statusCode).toBe(403);

    const patient = await createTestUser(t.context.db);
    const patientToken = (await loginTokens(t.app, patient.username)).access_token;
    const userRequest = await requestFor('user/*.rs', 'provider');
    const patientRead = await readRequest(userRequest.requestId, patientToken);
    expect(patientRead.statusCode).toBe(403);
    expect(patientRead.json()).toMatchObject({ code: 'scope_not_allowed' });
  });

  it('Deny sends the app access_denied with its state, grants nothing and is audited', async () => {
    const doctor = await doctorAt(['PATIENT']);
    const { requestId } = await requestFor('user/*.rs', 'provider');
    const denied = await decide(requestId, doctor.token, false);
    expect(denied.statusCode).toBe(200);
    const back = new URL(denied.json<{ redirectUrl: string }>().redirectUrl);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-p');
    expect(back.searchParams.get('code')).toBeNull();
    // The request is spent: a second answer is refused.
    expect((await decide(requestId, doctor.token, true)).statusCode).toBe(404);
    const events = await t.context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, doctor.id), eq(auditEvents.resourceType, 'connected-apps')));
    expect(events.map((event) => event.outcome)).toEqual(['denied']);
  });

  it('Allow connects the app to the clinic; Disconnect in account settings stops it at once', async () => {
    const doctor = await doctorAt(['PATIENT']);
    const patient = await createTestUser(t.context.db);
    await t.context.db.insert(clinicPatients).values({ clinicId: doctor.clinicId, userId: patient.id });
    const { requestId, verifier } = await requestFor('user/*.rs', 'provider');
    const allowed = await decide(requestId, doctor.token, true);
    expect(allowed.statusCode).toBe(200);
    const code = new URL(allowed.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('code');
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/oauth/smart/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
      }).toString(),
    });
    expect(exchanged.statusCode).toBe(200);
    const appToken = exchanged.json<SmartTokenResponse>().access_token;
    expect(
      (await t.app.inject({ url: `/fhir/R4/Patient/${patient.id}`, headers: bearer(appToken) })).statusCode,
    ).toBe(200);

    const list = await t.app.inject({ url: '/api/account/connected-apps', headers: bearer(doctor.token) });
    const [connected] = list.json<ConnectedApp[]>();
    expect(connected).toMatchObject({ appName: 'Clinic Dashboard', reach: 'clinics' });
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/connected-apps/${connected?.id ?? ''}`,
      headers: bearer(doctor.token),
    });
    expect(revoked.statusCode).toBe(204);
    const refused = await t.app.inject({ url: `/fhir/R4/Patient/${patient.id}`, headers: bearer(appToken) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ resourceType: 'OperationOutcome' });
  });

  it('reads only its own clinic when a clinic registered it, though the provider holds PATIENT at two', async () => {
    const doctor = await doctorAt(['PATIENT'], 'Lakeside Clinic');
    const [second] = await t.context.db
      .insert(clinics)
      .values({ clinicNumber: 880_002, name: 'Hillside Clinic' })
      .returning();
    const secondClinicId = second?.id ?? '';
    await t.context.db
      .insert(providers)
      .values({ userId: doctor.id, clinicId: secondClinicId, permissions: ['PATIENT'] });
    const token = (await loginTokens(t.app, doctor.username)).access_token;
    const atFirst = await createTestUser(t.context.db);
    const atSecond = await createTestUser(t.context.db);
    await t.context.db.insert(clinicPatients).values([
      { clinicId: doctor.clinicId, userId: atFirst.id },
      { clinicId: secondClinicId, userId: atSecond.id },
    ]);
    const read = (appToken: string, patientId: string) =>
      t.app.inject({ url: `/fhir/R4/Patient/${patientId}`, headers: bearer(appToken) });

    const clinicApp = await registerTestApp(t, 'Lakeside Dashboard', doctor.clinicId);
    const clinicToken = (await connectTestApp(t, clinicApp, token, 'user/Patient.rs')).access_token;
    expect((await read(clinicToken, atFirst.id)).statusCode).toBe(200);
    const outside = await read(clinicToken, atSecond.id);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ resourceType: 'OperationOutcome' });

    // A network-wide app reads both clinics the provider holds PATIENT at.
    const networkApp = await registerTestApp(t, 'Network Dashboard');
    const networkToken = (await connectTestApp(t, networkApp, token, 'user/Patient.rs')).access_token;
    expect((await read(networkToken, atFirst.id)).statusCode).toBe(200);
    expect((await read(networkToken, atSecond.id)).statusCode).toBe(200);
  });

  it("names only the app's own clinic on the consent screen, and refuses Allow without PATIENT there", async () => {
    const doctor = await doctorAt(['PATIENT'], 'Brookside Clinic');
    const [other] = await t.context.db
      .insert(clinics)
      .values({ clinicNumber: 880_003, name: 'Elsewhere Clinic' })
      .returning();
    const otherApp = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/smart-apps',
      payload: { name: 'Elsewhere App', redirectUris: [REDIRECT], clinicId: other?.id ?? '' },
    });
    expect(otherApp.statusCode).toBe(201);
    const ownApp = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/smart-apps',
      payload: { name: 'Brookside App', redirectUris: [REDIRECT], clinicId: doctor.clinicId },
    });
    const startFor = async (appClientId: string) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: appClientId,
        redirect_uri: REDIRECT,
        scope: 'user/*.rs',
        state: 's',
        aud,
        code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
        code_challenge_method: 'S256',
      });
      const started = await t.app.inject({ url: `/oauth/smart/authorize?${query.toString()}` });
      return /connect-app\/([0-9a-f-]{36})$/.exec(started.headers.location ?? '')?.[1] ?? '';
    };
    const ownRequest = await startFor(ownApp.json<{ clientId: string }>().clientId);
    expect((await readRequest(ownRequest, doctor.token)).json<SmartConsentRequest>().clinics).toEqual([
      { id: doctor.clinicId, name: 'Brookside Clinic' },
    ]);
    const otherRequest = await startFor(otherApp.json<{ clientId: string }>().clientId);
    expect((await readRequest(otherRequest, doctor.token)).json<SmartConsentRequest>().clinics).toEqual([]);
    const refused = await decide(otherRequest, doctor.token, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'no_patient_permission' });
  });
});
