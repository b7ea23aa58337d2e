import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TokenResponse } from '@app/contracts/auth';
import {
  SSO_FAILED_TEXT,
  SSO_NO_ACCOUNT_TEXT,
  SSO_NOT_CONFIGURED_TEXT,
  SSO_REDIRECT_NOT_ALLOWED_TEXT,
} from '@app/contracts/sso';
import { users } from '../../db/schema/accounts.ts';
import { ssoIdentities } from '../../db/schema/sso.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { startLocalOidcProvider, type LocalOidcProvider } from '../../test/local-oidc-provider.ts';
import { PORTAL_CLIENT, getMe, tokenRequest } from '../auth/auth-test-helpers.ts';

const LANDING = 'https://portal.example.org/sso-login';
const OTHER_REGISTERED = 'https://portal.example.org/other-landing';

describe('provider single sign-on — sso grant against a local OIDC provider (spec 1 §4, §7)', () => {
  let t: TestApp;
  let ehr: LocalOidcProvider;
  let counter = 0;

  beforeAll(async () => {
    // The EHR knows both addresses; our configuration registers only the landing for the sso grant.
    ehr = await startLocalOidcProvider({ redirectUris: [LANDING, OTHER_REGISTERED] });
    t = await buildTestApp({
      AUTH_RATE_LIMIT_PER_IP: 10_000,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
      SSO_ATHENAHEALTH_ISSUER: ehr.issuer,
      SSO_ATHENAHEALTH_CLIENT_ID: ehr.clientId,
      SSO_ATHENAHEALTH_CLIENT_SECRET: ehr.clientSecret,
      SSO_ATHENAHEALTH_REDIRECT_URIS: [LANDING],
    });
  });
  afterAll(async () => {
    await t.close();
    await ehr.stop();
  });

  function ssoGrant(code: string, provider = 'athenahealth', redirectUri = LANDING) {
    return tokenRequest(t.app, {
      grant_type: 'sso',
      client_id: PORTAL_CLIENT,
      provider,
      code,
      redirect_uri: redirectUri,
    });
  }

  async function doctorAtEhr(
    options: {
      emailVerified?: boolean;
      memberType?: 'doctor' | 'patient';
      status?: 'active' | 'pending' | 'inactive';
    } = {},
  ) {
    counter += 1;
    const email = `sso.doctor.${counter}.${Date.now()}@example.org`;
    const user = await createTestUser(t.context.db, {
      memberType: options.memberType ?? 'doctor',
      status: options.status ?? 'active',
      email,
      permissions: ['APPOINTMENTS'],
    });
    const subject = `ehr-user-${counter}-${Date.now()}`;
    ehr.addAccount({ subject, email: email.toUpperCase(), emailVerified: options.emailVerified ?? true });
    return { user, subject };
  }

  it('a first sign-on links the EHR subject to the doctor with that verified email and logs in', async () => {
    const { user, subject } = await doctorAtEhr();
    const response = await ssoGrant(await ehr.obtainCode(subject, LANDING));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TokenResponse>();
    expect(body.user).toMatchObject({ id: user.id, memberType: 'doctor', role: 'provider' });
    const me = await getMe(t.app, body.access_token);
    expect(me.json()).toMatchObject({ id: user.id, providerPermissions: ['APPOINTMENTS'] });
    const links = await t.context.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, subject));
    expect(links).toEqual([expect.objectContaining({ provider: 'athenahealth', userId: user.id })]);
  });

  it('later sign-ons follow the stored link, even after the email changes at the EHR', async () => {
    const { user, subject } = await doctorAtEhr();
    expect((await ssoGrant(await ehr.obtainCode(subject, LANDING))).statusCode).toBe(200);
    ehr.addAccount({ subject, email: 'someone.else@example.org', emailVerified: true });
    const again = await ssoGrant(await ehr.obtainCode(subject, LANDING));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TokenResponse>().user.id).toBe(user.id);
  });

  it('an unverified email links nothing', async () => {
    const { subject } = await doctorAtEhr({ emailVerified: false });
    const response = await ssoGrant(await ehr.obtainCode(subject, LANDING));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: SSO_NO_ACCOUNT_TEXT });
    const links = await t.context.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, subject));
    expect(links).toEqual([]);
  });

  it('a patient with that email is not a provider account', async () => {
    const { subject } = await doctorAtEhr({ memberType: 'patient' });
    const response = await ssoGrant(await ehr.obtainCode(subject, LANDING));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: SSO_NO_ACCOUNT_TEXT });
  });

  it('a pending (imported, unregistered) doctor is neither linked nor signed in', async () => {
    const { subject } = await doctorAtEhr({ status: 'pending' });
    const response = await ssoGrant(await ehr.obtainCode(subject, LANDING));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: SSO_NO_ACCOUNT_TEXT });
  });

  it('a linked account that has been closed since is refused', async () => {
    const { user, subject } = await doctorAtEhr();
    expect((await ssoGrant(await ehr.obtainCode(subject, LANDING))).statusCode).toBe(200);
    await t.context.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    const response = await ssoGrant(await ehr.obtainCode(subject, LANDING));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: SSO_NO_ACCOUNT_TEXT });
  });

  it('two doctors sharing the verified email: nothing is guessed', async () => {
    const first = await doctorAtEhr();
    const email = first.user.email ?? '';
    await createTestUser(t.context.db, { memberType: 'doctor', email: email.toUpperCase() });
    const response = await ssoGrant(await ehr.obtainCode(first.subject, LANDING));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: SSO_NO_ACCOUNT_TEXT });
  });

  it('a code works once: the EHR refuses it the second time', async () => {
    const { subject } = await doctorAtEhr();
    const code = await ehr.obtainCode(subject, LANDING);
    expect((await ssoGrant(code)).statusCode).toBe(200);
    const replay = await ssoGrant(code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: SSO_FAILED_TEXT });
  });

  it('a made-up code is refused', async () => {
    const response = await ssoGrant('not-a-code-the-ehr-issued');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: SSO_FAILED_TEXT });
  });

  it('a code issued for another redirect URI is refused (not registered with us)', async () => {
    const { subject } = await doctorAtEhr();
    const code = await ehr.obtainCode(subject, OTHER_REGISTERED);
    const response = await ssoGrant(code, 'athenahealth', OTHER_REGISTERED);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: SSO_REDIRECT_NOT_ALLOWED_TEXT,
    });
  });

  it('a code presented with a redirect URI other than the one it was issued for is refused by the EHR', async () => {
    const { subject } = await doctorAtEhr();
    const code = await ehr.obtainCode(subject, OTHER_REGISTERED);
    const response = await ssoGrant(code, 'athenahealth', LANDING);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: SSO_FAILED_TEXT });
  });

  it('an EHR without configuration answers a clear 400', async () => {
    const response = await ssoGrant('any-code', 'ecw');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'unsupported_provider',
      error_description: SSO_NOT_CONFIGURED_TEXT('ecw'),
    });
  });

  it('an unknown provider is a 400 naming the problem', async () => {
    const response = await ssoGrant('any-code', 'epic');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'Unknown single sign-on provider.',
    });
  });

  it('missing fields are 400s, never 500s', async () => {
    const response = await tokenRequest(t.app, {
      grant_type: 'sso',
      client_id: PORTAL_CLIENT,
      provider: 'ecw',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
  });

  describe('with an EHR that cannot be reached', () => {
    let offline: TestApp;
    beforeAll(async () => {
      offline = await buildTestApp({
        SSO_ECW_ISSUER: 'http://127.0.0.1:9',
        SSO_ECW_CLIENT_ID: 'portal',
        SSO_ECW_CLIENT_SECRET: 'secret',
        SSO_ECW_REDIRECT_URIS: [LANDING],
      });
    });
    afterAll(async () => {
      await offline.close();
    });

    it('an EHR that cannot be reached answers 503, not 500', async () => {
      const response = await tokenRequest(offline.app, {
        grant_type: 'sso',
        client_id: PORTAL_CLIENT,
        provider: 'ecw',
        code: 'whatever',
        redirect_uri: LANDING,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: 'temporarily_unavailable' });
    });
  });
});
