import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TokenResponse } from '@app/contracts/auth';
import {
  INVALID_OAUTH_CODE_TEXT,
  REDIRECT_URI_NOT_FOUND_TEXT,
  type OAuthCodeResponse,
} from '@app/contracts/sso';
import { users } from '../../db/schema/accounts.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';
import { sha256 } from '../../platform/passwords.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { PORTAL_CLIENT, getMe, loginTokens, tokenRequest } from '../auth/auth-test-helpers.ts';
import { OAUTH_CODE_TTL_MS } from './oauth-code.service.ts';

const OWN = 'https://portal.example.org/oauth-code';
const MOBILE = 'https://m.portal.example.org/oauth-code';

describe('one-time auth code and the oauth_code grant (spec 1 §2 oauth-code/{code}, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      AUTH_RATE_LIMIT_PER_IP: 10_000,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
      PUBLIC_URL: 'https://portal.example.org',
      OAUTH_CODE_REDIRECT_URIS: [MOBILE],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedIn(memberType: 'patient' | 'doctor' = 'patient') {
    const user = await createTestUser(t.context.db, { memberType });
    return { user, tokens: await loginTokens(t.app, user.username) };
  }

  function askForCode(accessToken: string | null, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/oauth-code',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      payload: payload as Record<string, unknown>,
    });
  }

  function codeGrant(code: string, redirectUri = OWN) {
    return tokenRequest(t.app, {
      grant_type: 'oauth_code',
      client_id: PORTAL_CLIENT,
      code,
      redirect_uri: redirectUri,
    });
  }

  it('issues a code for a registered redirect URI; the code logs the same person in once', async () => {
    const { user, tokens } = await signedIn();
    const response = await askForCode(tokens.access_token, { redirectUri: OWN });
    expect(response.statusCode, response.body).toBe(200);
    const issued = response.json<OAuthCodeResponse>();
    expect(issued.redirectUrl).toBe(`${OWN}/${issued.code}`);
    expect(issued.expiresIn).toBe(OAUTH_CODE_TTL_MS / 1000);
    expect(response.headers['cache-control']).toBe('no-store');

    // Only the hash is stored.
    const rows = await t.context.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(rows).toEqual([
      expect.objectContaining({ purpose: 'oauth-code', tokenHash: sha256(issued.code) }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(issued.code);

    const login = await codeGrant(issued.code);
    expect(login.statusCode, login.body).toBe(200);
    const body = login.json<TokenResponse>();
    expect(body.user.id).toBe(user.id);
    expect((await getMe(t.app, body.access_token)).json()).toMatchObject({ id: user.id });

    const again = await codeGrant(issued.code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_OAUTH_CODE_TEXT });
  });

  it('also issues codes for the configured extra redirect URIs, usable only there', async () => {
    const { tokens } = await signedIn('doctor');
    const issued = (await askForCode(tokens.access_token, { redirectUri: MOBILE })).json<OAuthCodeResponse>();
    const elsewhere = await codeGrant(issued.code, OWN);
    expect(elsewhere.statusCode).toBe(400);
    // The wrong-place attempt burnt the code.
    expect((await codeGrant(issued.code, MOBILE)).statusCode).toBe(400);

    const second = (await askForCode(tokens.access_token, { redirectUri: MOBILE })).json<OAuthCodeResponse>();
    const login = await codeGrant(second.code, MOBILE);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json<TokenResponse>().user.role).toBe('provider');
  });

  it("an unregistered redirect URI answers 'RedirectUri has not been found.' and stores nothing", async () => {
    const { user, tokens } = await signedIn();
    for (const redirectUri of ['https://evil.example.com/oauth-code', `${OWN}/extra`, 'not a url']) {
      const response = await askForCode(tokens.access_token, { redirectUri });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        message: REDIRECT_URI_NOT_FOUND_TEXT,
        errors: [{ detail: REDIRECT_URI_NOT_FOUND_TEXT, field: 'redirectUri' }],
      });
    }
    const rows = await t.context.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('needs a signed-in person and a redirectUri', async () => {
    expect((await askForCode(null, { redirectUri: OWN })).statusCode).toBe(401);
    const { tokens } = await signedIn();
    const missing = await askForCode(tokens.access_token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: expect.any(String) });
  });

  it('an expired code is refused', async () => {
    const { tokens } = await signedIn();
    const issued = (await askForCode(tokens.access_token, { redirectUri: OWN })).json<OAuthCodeResponse>();
    t.advanceClock(OAUTH_CODE_TTL_MS + 1000);
    const response = await codeGrant(issued.code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_OAUTH_CODE_TEXT });
  });

  it('a code of an account closed after it was issued is refused', async () => {
    const { user, tokens } = await signedIn();
    const issued = (await askForCode(tokens.access_token, { redirectUri: OWN })).json<OAuthCodeResponse>();
    await t.context.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    const response = await codeGrant(issued.code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_OAUTH_CODE_TEXT });
  });

  it('two parallel exchanges of one code: exactly one succeeds', async () => {
    const { tokens } = await signedIn();
    const issued = (await askForCode(tokens.access_token, { redirectUri: OWN })).json<OAuthCodeResponse>();
    const results = await Promise.all([codeGrant(issued.code), codeGrant(issued.code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('a made-up or oversized code is a 400, never a 500', async () => {
    expect((await codeGrant('made-up')).statusCode).toBe(400);
    const huge = await codeGrant('x'.repeat(5000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ error: 'invalid_request' });
  });
});
