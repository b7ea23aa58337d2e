import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { and, eq } from 'drizzle-orm';
import type { ConnectedApp, SmartConsentRequest, SmartTokenResponse } from '@app/contracts/smart-apps';
import { auditEvents } from '../../db/schema/audit.ts';
import { clinicPatients, providers } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens, type Tokens } from '../auth/auth-test-helpers.ts';
import { readSmartAccess, SmartTokenRefused } from './smart-access.ts';
import { SMART_CODE_TTL_MS } from './smart-apps.service.ts';

const REDIRECT = 'https://app.example.org/callback';

interface Launch {
  verifier: string;
  query: Record<string, string>;
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('SMART App Launch, standalone patient launch (issue 21 item 3)', () => {
  let t: TestApp;
  let clientId: string;
  let aud: string;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/smart-apps',
      payload: { name: 'Health Diary', redirectUris: [REDIRECT] },
    });
    expect(registered.statusCode).toBe(201);
    clientId = registered.json<{ clientId: string }>().clientId;
    const configuration = await t.app.inject({ url: '/.well-known/smart-configuration' });
    expect(configuration.statusCode).toBe(200);
    aud = configuration.json<{ issuer: string }>().issuer;
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` });

  function launch(overrides: Record<string, string | undefined> = {}): Launch {
    const { verifier, challenge } = pkce();
    const query: Record<string, string> = {};
    const all: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: 'launch/patient openid fhirUser offline_access patient/*.rs',
      state: 'state-123',
      aud,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
    for (const [key, value] of Object.entries(all)) {
      if (value !== undefined) {
        query[key] = value;
      }
    }
    return { verifier, query };
  }

  const authorize = (query: Record<string, string>) =>
    t.app.inject({ url: `/oauth/smart/authorize?${new URLSearchParams(query).toString()}` });

  function token(body: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/oauth/smart/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
  }

  /** Authorize, consent as `tokens`' user, and return the code and the verifier. */
  async function consent(tokens: Tokens, overrides: Record<string, string | undefined> = {}) {
    const { verifier, query } = launch(overrides);
    const started = await authorize(query);
    expect(started.statusCode).toBe(302);
    const requestId = /^\/(?:user|provider)\/connect-app\/([0-9a-f-]{36})$/.exec(
      started.headers.location ?? '',
    )?.[1];
    expect(requestId).toBeDefined();
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/smart/requests/${requestId ?? ''}/decision`,
      headers: bearer(tokens),
      payload: { allow: true },
    });
    expect(decided.statusCode).toBe(200);
    const redirect = new URL(decided.json<{ redirectUrl: string }>().redirectUrl);
    expect(redirect.origin + redirect.pathname).toBe(REDIRECT);
    expect(redirect.searchParams.get('state')).toBe('state-123');
    return { code: redirect.searchParams.get('code') ?? '', verifier, requestId: requestId ?? '' };
  }

  const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
    token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
      ...extra,
    });

  async function createDoctor(permissions: string[]) {
    const user = await createTestUser(t.context.db, { memberType: 'doctor', permissions });
    const [row] = await t.context.db
      .select({ clinicId: providers.clinicId })
      .from(providers)
      .where(eq(providers.userId, user.id));
    return { ...user, clinicId: row?.clinicId ?? '' };
  }

  async function patientWithClinic() {
    const doctor = await createDoctor(['SETTING']);
    const patient = await createTestUser(t.context.db);
    await t.context.db.insert(clinicPatients).values({ clinicId: doctor.clinicId, userId: patient.id });
    return { doctor, patient, tokens: await loginTokens(t.app, patient.username) };
  }

  it('publishes the smart-configuration: S256 only, our endpoints, the JWKS', async () => {
    const response = await t.app.inject({ url: '/.well-known/smart-configuration' });
    const body = response.json<Record<string, unknown>>();
    expect(body.code_challenge_methods_supported).toEqual(['S256']);
    expect(body.issuer).toMatch(/\/fhir\/R4$/);
    expect(body.capabilities).toEqual(expect.arrayContaining(['launch-standalone', 'permission-v2']));
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const jwks = await t.app.inject({ url: new URL(String(body.jwks_uri)).pathname });
    expect(jwks.json<{ keys: { d?: string; kty: string }[] }>().keys[0]).toMatchObject({ kty: 'EC' });
    expect(jwks.json<{ keys: { d?: string }[] }>().keys[0]?.d).toBeUndefined();
  });

  it('a patient consents; the code gives tokens bound to that patient; readSmartAccess sees them', async () => {
    const { doctor, patient, tokens } = await patientWithClinic();
    const { verifier, query } = launch();
    const started = await authorize(query);
    const requestId = started.headers.location?.split('/').pop() ?? '';
    const shown = await t.app.inject({ url: `/api/smart/requests/${requestId}`, headers: bearer(tokens) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<SmartConsentRequest>()).toMatchObject({
      appName: 'Health Diary',
      redirectOrigin: 'https://app.example.org',
      scopeGroups: expect.arrayContaining(['profile', 'appointments', 'vitals', 'identity', 'offline']),
    });
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/smart/requests/${requestId}/decision`,
      headers: bearer(tokens),
      payload: { allow: true },
    });
    const code = new URL(decided.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('code') ?? '';
    const response = await exchange(code, verifier);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<SmartTokenResponse>();
    expect(body).toMatchObject({ token_type: 'Bearer', patient: patient.id, expires_in: 3600 });
    expect(body.scope.split(' ')).toContain('patient/*.rs');
    expect(body.refresh_token).toBeDefined();

    const smart = await readSmartAccess(t.context, body.access_token);
    expect(smart).toEqual({
      appId: expect.any(String),
      appName: 'Health Diary',
      userId: patient.id,
      patientUserId: patient.id,
      clinicIds: [doctor.clinicId],
      scopes: expect.arrayContaining(['patient/*.rs', 'offline_access']),
    });
    // A portal session token is not a SMART token.
    await expect(readSmartAccess(t.context, tokens.access_token)).resolves.toBeNull();

    // The id_token is signed with the key the JWKS publishes, names the patient and the app.
    const jwks = (await t.app.inject({ url: '/oauth/smart/jwks' })).json<{ keys: [] }>();
    const verified = await jwtVerify(body.id_token ?? '', createLocalJWKSet(jwks), {
      issuer: aud,
      audience: clientId,
      currentDate: t.context.now(),
    });
    expect(verified.payload.sub).toBe(patient.id);
    expect(verified.payload.fhirUser).toBe(`${aud}/Patient/${patient.id}`);
    expect(decodeJwt(body.id_token ?? '').aud).toBe(clientId);

    const audit = await t.context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceType, 'connected-apps'), eq(auditEvents.patientId, patient.id)));
    expect(audit.map((row) => `${row.action}/${row.outcome}`)).toEqual(
      expect.arrayContaining(['create/success']),
    );
    expect(audit.some((row) => row.actingForUserId === patient.id && row.actorUserId === smart?.appId)).toBe(
      true,
    );
  });

  it('refuses a wrong code_verifier, and a plain code_challenge_method at authorize', async () => {
    const { tokens } = await patientWithClinic();
    const { code } = await consent(tokens);
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });

    const { query } = launch({ code_challenge_method: 'plain' });
    const plain = await authorize(query);
    expect(plain.statusCode).toBe(302);
    const location = new URL(plain.headers.location ?? '');
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('state-123');
    const missing = await authorize(launch({ code_challenge: undefined }).query);
    expect(new URL(missing.headers.location ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('a code is single-use: the second exchange is refused and withdraws the tokens of the first', async () => {
    const { tokens } = await patientWithClinic();
    const { code, verifier } = await consent(tokens);
    const first = await exchange(code, verifier);
    expect(first.statusCode).toBe(200);
    const second = await exchange(code, verifier);
    expect(second.statusCode).toBe(400);
    expect(second.json<{ error: string }>().error).toBe('invalid_grant');
    await expect(
      readSmartAccess(t.context, first.json<SmartTokenResponse>().access_token),
    ).rejects.toBeInstanceOf(SmartTokenRefused);
  });

  it('a code is bound to its redirect_uri and client', async () => {
    const { tokens } = await patientWithClinic();
    const { code, verifier } = await consent(tokens);
    const otherRedirect = await exchange(code, verifier, { redirect_uri: 'https://app.example.org/other' });
    expect(otherRedirect.statusCode).toBe(400);
    const otherClient = await exchange(code, verifier, { client_id: 'someone-else' });
    expect(otherClient.statusCode).toBe(400);
    // Neither spent the code.
    expect((await exchange(code, verifier)).statusCode).toBe(200);
  });

  it('an unregistered redirect_uri or client shows a page and never redirects', async () => {
    const badRedirect = await authorize(launch({ redirect_uri: 'https://evil.example.com/cb' }).query);
    expect(badRedirect.statusCode).toBe(400);
    expect(badRedirect.headers.location).toBeUndefined();
    expect(badRedirect.headers['content-type']).toMatch(/text\/html/);
    expect(badRedirect.body).toContain('not registered');
    const prefix = await authorize(launch({ redirect_uri: `${REDIRECT}/more` }).query);
    expect(prefix.statusCode).toBe(400);
    const badClient = await authorize(launch({ client_id: 'nobody' }).query);
    expect(badClient.statusCode).toBe(400);
    expect(badClient.headers.location).toBeUndefined();
  });

  it('refuses an unknown scope, a wrong aud and a response_type other than code, by redirect', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ scope: 'patient/*.rs patient/Secret.rs' }, 'invalid_scope'],
      [{ scope: 'patient/*.cruds' }, 'invalid_scope'],
      [{ scope: 'openid fhirUser' }, 'invalid_scope'],
      [{ aud: 'https://elsewhere.example.org/fhir' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ state: '' }, 'invalid_request'],
    ];
    for (const [overrides, error] of cases) {
      const response = await authorize(launch(overrides).query);
      expect(response.statusCode).toBe(302);
      expect(new URL(response.headers.location ?? '').searchParams.get('error')).toBe(error);
    }
  });

  it('a code expires after its short life (by the clock)', async () => {
    const { tokens } = await patientWithClinic();
    const { code, verifier } = await consent(tokens);
    t.advanceClock(SMART_CODE_TTL_MS + 1000);
    const late = await exchange(code, verifier);
    expect(late.statusCode).toBe(400);
    expect(late.json<{ error_description: string }>().error_description).toMatch(/expired/);
  });

  it('an unanswered request expires, and a request is answered once', async () => {
    const { tokens } = await patientWithClinic();
    const { requestId } = await consent(tokens);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/smart/requests/${requestId}/decision`,
      headers: bearer(tokens),
      payload: { allow: true },
    });
    expect(again.statusCode).toBe(404);
    const started = await authorize(launch().query);
    const pending = started.headers.location?.split('/').pop() ?? '';
    t.advanceClock(11 * 60_000);
    const expired = await t.app.inject({ url: `/api/smart/requests/${pending}`, headers: bearer(tokens) });
    expect(expired.statusCode).toBe(404);
  });

  it('deny answers access_denied with the state and grants nothing', async () => {
    const { tokens } = await patientWithClinic();
    const started = await authorize(launch().query);
    const requestId = started.headers.location?.split('/').pop() ?? '';
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/smart/requests/${requestId}/decision`,
      headers: bearer(tokens),
      payload: { allow: false },
    });
    const url = new URL(denied.json<{ redirectUrl: string }>().redirectUrl);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('state-123');
    expect(url.searchParams.get('code')).toBeNull();
    const apps = await t.app.inject({ url: '/api/account/connected-apps', headers: bearer(tokens) });
    expect(apps.json()).toEqual([]);
  });

  it('refresh rotates the refresh token; reusing an old one revokes the grant', async () => {
    const { tokens } = await patientWithClinic();
    const { code, verifier } = await consent(tokens);
    const issued = (await exchange(code, verifier)).json<SmartTokenResponse>();
    const refresh = (refreshToken: string) =>
      token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
    const second = await refresh(issued.refresh_token ?? '');
    expect(second.statusCode).toBe(200);
    const rotated = second.json<SmartTokenResponse>();
    expect(rotated.refresh_token).toBeDefined();
    expect(rotated.refresh_token).not.toBe(issued.refresh_token);
    await expect(readSmartAccess(t.context, rotated.access_token)).resolves.not.toBeNull();

    const reuse = await refresh(issued.refresh_token ?? '');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json<{ error: string }>().error).toBe('invalid_grant');
    // The whole grant stopped: the newest refresh token and the access tokens too.
    expect((await refresh(rotated.refresh_token ?? '')).statusCode).toBe(400);
    await expect(readSmartAccess(t.context, rotated.access_token)).rejects.toBeInstanceOf(SmartTokenRefused);
  });

  it('without offline_access no refresh token is issued; a refresh may not add scopes', async () => {
    const { tokens } = await patientWithClinic();
    const { code, verifier } = await consent(tokens, { scope: 'patient/Observation.rs' });
    const issued = (await exchange(code, verifier)).json<SmartTokenResponse>();
    expect(issued.refresh_token).toBeUndefined();
    expect(issued.id_token).toBeUndefined();
    expect(issued.scope).toBe('patient/Observation.rs');

    const withOffline = await consent(tokens, { scope: 'patient/Observation.rs offline_access' });
    const offline = (await exchange(withOffline.code, withOffline.verifier)).json<SmartTokenResponse>();
    const wider = await token({
      grant_type: 'refresh_token',
      refresh_token: offline.refresh_token ?? '',
      client_id: clientId,
      scope: 'patient/*.rs',
    });
    expect(wider.statusCode).toBe(400);
    expect(wider.json<{ error: string }>().error).toBe('invalid_scope');
  });

  it('the patient lists and revokes a connected app; its tokens are refused at once', async () => {
    const { tokens } = await patientWithClinic();
    const stranger = await patientWithClinic();
    const earlier = await consent(tokens);
    const earlierTokens = (await exchange(earlier.code, earlier.verifier)).json<SmartTokenResponse>();
    // Connecting the same app again replaces the earlier connection (and stops its tokens).
    const { code, verifier } = await consent(tokens);
    const issued = (await exchange(code, verifier)).json<SmartTokenResponse>();
    await expect(readSmartAccess(t.context, earlierTokens.access_token)).rejects.toBeInstanceOf(
      SmartTokenRefused,
    );
    const list = await t.app.inject({ url: '/api/account/connected-apps', headers: bearer(tokens) });
    const apps = list.json<ConnectedApp[]>();
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({
      appName: 'Health Diary',
      scopeGroups: expect.arrayContaining(['vitals']),
    });
    const grantId = apps[0]?.id ?? '';

    // Someone else cannot see or revoke it.
    const theirs = await t.app.inject({
      url: '/api/account/connected-apps',
      headers: bearer(stranger.tokens),
    });
    expect(theirs.json()).toEqual([]);
    const theirRevoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/connected-apps/${grantId}`,
      headers: bearer(stranger.tokens),
    });
    expect(theirRevoke.statusCode).toBe(404);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/connected-apps/${grantId}`,
      headers: bearer(tokens),
    });
    expect(revoked.statusCode).toBe(204);
    await expect(readSmartAccess(t.context, issued.access_token)).rejects.toBeInstanceOf(SmartTokenRefused);
    const refresh = await token({
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token ?? '',
      client_id: clientId,
    });
    expect(refresh.statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/account/connected-apps', headers: bearer(tokens) })).json(),
    ).toEqual([]);
  });

  it('an access token expires by the clock; an unknown SMART token is refused', async () => {
    const { tokens } = await patientWithClinic();
    const { code, verifier } = await consent(tokens, { scope: 'patient/*.rs' });
    const issued = (await exchange(code, verifier)).json<SmartTokenResponse>();
    t.advanceClock(3600_000 + 1000);
    await expect(readSmartAccess(t.context, issued.access_token)).rejects.toBeInstanceOf(SmartTokenRefused);
    await expect(readSmartAccess(t.context, 'sat_not-a-token')).rejects.toBeInstanceOf(SmartTokenRefused);
  });

  it("a provider's app token has no patient and reaches only the provider's clinics", async () => {
    const doctor = await createDoctor(['PATIENT']);
    await createDoctor([]);
    const doctorTokens = await loginTokens(t.app, doctor.username);
    // A provider cannot give patient/ scopes (there is no patient picker): refused at consent.
    const started = await authorize(launch().query);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/smart/requests/${started.headers.location?.split('/').pop() ?? ''}/decision`,
      headers: bearer(doctorTokens),
      payload: { allow: true },
    });
    expect(refused.statusCode).toBe(403);
    const { code, verifier } = await consent(doctorTokens, { scope: 'user/*.rs' });
    const issued = (await exchange(code, verifier)).json<SmartTokenResponse>();
    expect(issued.patient).toBeUndefined();
    const smart = await readSmartAccess(t.context, issued.access_token);
    expect(smart).toMatchObject({ userId: doctor.id, patientUserId: null, clinicIds: [doctor.clinicId] });

    // A patient cannot give user/ scopes.
    const { tokens } = await patientWithClinic();
    const userScoped = await authorize(launch({ scope: 'user/*.rs' }).query);
    const patientRefused = await t.app.inject({
      method: 'POST',
      url: `/api/smart/requests/${userScoped.headers.location?.split('/').pop() ?? ''}/decision`,
      headers: bearer(tokens),
      payload: { allow: true },
    });
    expect(patientRefused.statusCode).toBe(403);
  });

  it('the clinic admin (SETTING) lists the registered apps; without SETTING refused', async () => {
    const admin = await createDoctor(['SETTING']);
    const plain = await createDoctor(['PATIENT']);
    const own = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/smart-apps',
      payload: {
        name: 'Clinic Companion',
        redirectUris: ['https://companion.example.org/cb'],
        clinicId: admin.clinicId,
      },
    });
    expect(own.statusCode).toBe(201);
    const adminTokens = await loginTokens(t.app, admin.username);
    const list = await t.app.inject({
      url: `/api/provider/clinics/${admin.clinicId}/smart-apps`,
      headers: bearer(adminTokens),
    });
    expect(list.statusCode).toBe(200);
    const names = list
      .json<{ name: string; networkWide: boolean }[]>()
      .map((row) => `${row.name}:${String(row.networkWide)}`);
    expect(names).toEqual(expect.arrayContaining(['Clinic Companion:false', 'Health Diary:true']));
    const plainTokens = await loginTokens(t.app, plain.username);
    const refused = await t.app.inject({
      url: `/api/provider/clinics/${plain.clinicId}/smart-apps`,
      headers: bearer(plainTokens),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('bad token requests get OAuth errors, never a 500', async () => {
    const unknownGrant = await token({ grant_type: 'password', client_id: clientId });
    expect(unknownGrant.statusCode).toBe(400);
    expect(unknownGrant.json<{ error: string }>().error).toBe('invalid_request');
    const missing = await token({ grant_type: 'authorization_code', client_id: clientId });
    expect(missing.statusCode).toBe(400);
    const bogus = await exchange('sac_nothing', pkce().verifier);
    expect(bogus.json<{ error: string }>().error).toBe('invalid_grant');
  });
});
