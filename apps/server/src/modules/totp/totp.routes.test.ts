import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CODE_TEXT } from '@app/contracts/auth';
import { TOTP_LOCKED_TEXT, TOTP_PROMPT_TEXT, TOTP_WRONG_CODE_TEXT } from '@app/contracts/totp';
import { totpFactors } from '../../db/schema/totp.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens, passwordGrant, twoFactorGrant } from '../auth/auth-test-helpers.ts';

describe('TOTP (authenticator app) as a second factor (decision 0012)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** The code an authenticator app shows at the server's current time (the test clock moves). */
  const codeAt = (secret: string, offsetSteps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: t.context.now().getTime() + offsetSteps * 30_000,
    });
  const wrongCode = (secret: string) => (codeAt(secret) === '000000' ? '111111' : '000000');

  function post(url: string, token: string, payload?: unknown) {
    return t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  }

  async function enrolled() {
    const user = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, user.username);
    const enrolment = await post('/api/user/totp/enrolment', token);
    expect(enrolment.statusCode).toBe(200);
    const { secret, otpauthUri } = enrolment.json<{ secret: string; otpauthUri: string }>();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Care%20Portal:.+\?.*secret=/);
    const confirm = await post('/api/user/totp/confirm', token, { code: codeAt(secret) });
    expect(confirm.json()).toEqual({ enabled: true });
    // The accepted step cannot be used again: move to the next one.
    t.advanceClock(30_000);
    return { user, token, secret };
  }

  it('enrols: a secret and an otpauth URI once, then a first code turns it on', async () => {
    const { token, user } = await enrolled();
    const status = await t.app.inject({ method: 'GET', url: '/api/user/totp', headers: bearer(token) });
    expect(status.json()).toEqual({ enabled: true });
    // The secret is stored encrypted, not in clear, and not handed out again.
    const [row] = await t.context.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row?.secretEncrypted).toMatch(/^v1\./);
    const again = await post('/api/user/totp/enrolment', token);
    expect(again.statusCode).toBe(409);
  });

  it('does not turn on with a wrong first code', async () => {
    const user = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, user.username);
    const { secret } = (await post('/api/user/totp/enrolment', token)).json<{ secret: string }>();
    const confirm = await post('/api/user/totp/confirm', token, { code: wrongCode(secret) });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ message: TOTP_WRONG_CODE_TEXT });
    const status = await t.app.inject({ method: 'GET', url: '/api/user/totp', headers: bearer(token) });
    expect(status.json()).toEqual({ enabled: false });
    expect((await post('/api/user/totp/confirm', token, { code: '12ab56' })).statusCode).toBe(400);
  });

  it('asks for the app code at login and accepts it once', async () => {
    const { user, secret } = await enrolled();
    const login = await passwordGrant(t.app, user.username);
    expect(login.statusCode).toBe(401);
    const challenge = login.json<{ challenge_id: string; kind: string; error_description: string }>();
    expect(challenge).toMatchObject({ kind: 'totp', channels: [], error_description: TOTP_PROMPT_TEXT });
    // Nothing is sent for an authenticator-app login.
    const resend = await t.app.inject({
      method: 'POST',
      url: `/public/two-factor/${challenge.challenge_id}/resend`,
    });
    expect(resend.statusCode).toBe(400);

    const code = codeAt(secret);
    const tokens = await twoFactorGrant(t.app, challenge.challenge_id, code);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({ user: { id: user.id } });

    // The same code on a new login attempt is a replay.
    const second = (await passwordGrant(t.app, user.username)).json<{ challenge_id: string }>();
    const replay = await twoFactorGrant(t.app, second.challenge_id, code);
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CODE_TEXT });
  });

  it('accepts one step of clock drift but not two', async () => {
    const { user, secret } = await enrolled();
    const first = (await passwordGrant(t.app, user.username)).json<{ challenge_id: string }>();
    expect((await twoFactorGrant(t.app, first.challenge_id, codeAt(secret, 2))).statusCode).toBe(400);
    expect((await twoFactorGrant(t.app, first.challenge_id, codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('locks the factor for 15 minutes after five wrong codes, across login attempts', async () => {
    const { user, secret } = await enrolled();
    for (let attempt = 0; attempt < 5; attempt++) {
      // A new login attempt each time: the lock is on the factor, not on one challenge.
      const challenge = (await passwordGrant(t.app, user.username)).json<{ challenge_id: string }>();
      const wrong = await twoFactorGrant(t.app, challenge.challenge_id, wrongCode(secret));
      expect(wrong.json()).toMatchObject({ error_description: INVALID_CODE_TEXT });
    }
    const challenge = (await passwordGrant(t.app, user.username)).json<{ challenge_id: string }>();
    const locked = await twoFactorGrant(t.app, challenge.challenge_id, codeAt(secret));
    expect(locked.json()).toEqual({ error: 'invalid_grant', error_description: TOTP_LOCKED_TEXT });

    t.advanceClock(15 * 60_000 + 1);
    const later = (await passwordGrant(t.app, user.username)).json<{ challenge_id: string }>();
    expect((await twoFactorGrant(t.app, later.challenge_id, codeAt(secret))).statusCode).toBe(200);
  });

  it('turns off only with a current code', async () => {
    const { user, token, secret } = await enrolled();
    const wrong = await post('/api/user/totp/disable', token, { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    const off = await post('/api/user/totp/disable', token, { code: codeAt(secret) });
    expect(off.json()).toEqual({ enabled: false });
    expect((await passwordGrant(t.app, user.username)).statusCode).toBe(200);
  });

  it("never touches another person's factor and needs a login", async () => {
    const { user } = await enrolled();
    const other = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, other.username);
    const status = await t.app.inject({ method: 'GET', url: '/api/user/totp', headers: bearer(token) });
    expect(status.json()).toEqual({ enabled: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/totp' })).statusCode).toBe(401);
    expect((await passwordGrant(t.app, user.username)).statusCode).toBe(401);
  });
});
