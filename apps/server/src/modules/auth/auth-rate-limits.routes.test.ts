import { afterEach, describe, expect, it } from 'vitest';
import type { TokenResponse, TwoFactorRequired } from '@app/contracts/auth';
import type { Env } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { passwordGrant, refreshGrant, twoFactorGrant } from './auth-test-helpers.ts';

// The real limiter (@fastify/rate-limit) with small allowances, so a handful of requests prove it.
describe('rate limits on the login and two-factor routes', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  async function appWith(limits: Pick<Env, 'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_PER_ACCOUNT'>) {
    t = await buildTestApp(limits);
    return t;
  }
  const slowDown = {
    error: 'slow_down',
    error_description: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
  };
  const rateLimited = {
    message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    code: 'rate_limited',
  };

  it('limits attempts per account, in the OAuth error shape, whatever the case of the username', async () => {
    const { app, context } = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: 3, AUTH_RATE_LIMIT_PER_IP: 100 });
    const user = await createTestUser(context.db);
    const other = await createTestUser(context.db);
    expect((await passwordGrant(app, user.username)).statusCode).toBe(200);
    expect((await passwordGrant(app, user.username.toUpperCase())).statusCode).toBe(200);
    expect((await passwordGrant(app, ` ${user.username} `, 'Wrong#Password1')).statusCode).toBe(400);
    const limited = await passwordGrant(app, user.username);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(slowDown);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not affected.
    expect((await passwordGrant(app, other.username)).statusCode).toBe(200);
  });

  it('limits attempts per client address across accounts, before any work is done', async () => {
    const { app, context } = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: 100, AUTH_RATE_LIMIT_PER_IP: 3 });
    const users = await Promise.all([1, 2, 3, 4].map(() => createTestUser(context.db)));
    expect((await passwordGrant(app, users[0]?.username ?? '')).statusCode).toBe(200);
    expect((await passwordGrant(app, users[1]?.username ?? '')).statusCode).toBe(200);
    // Bad input counts too: the limit runs before the body is read.
    expect((await app.inject({ method: 'POST', url: '/oauth/v2/token', payload: {} })).statusCode).toBe(400);
    const limited = await passwordGrant(app, users[3]?.username ?? '');
    expect(limited.statusCode).toBe(429);
    // The plugin's own answer, turned into OAuth's shape by the error handler (platform/errors.ts).
    expect(limited.json()).toEqual(slowDown);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The two-factor routes share the address's allowance and answer in the API's error shape.
    const resend = await app.inject({
      method: 'POST',
      url: `/public/two-factor/${crypto.randomUUID()}/resend`,
    });
    expect(resend.statusCode).toBe(429);
    expect(resend.json()).toEqual(rateLimited);
    // Another address is not affected.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      remoteAddress: '203.0.113.7',
      payload: { grant_type: 'password', client_id: '34', username: users[3]?.username, password: 'x' },
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('counts two-factor tries per login attempt, on the token endpoint and the two-factor routes alike', async () => {
    const { app, context } = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: 3, AUTH_RATE_LIMIT_PER_IP: 100 });
    const user = await createTestUser(context.db, { twoFactorRequired: true });
    const { challenge_id: challengeId } = (await passwordGrant(app, user.username)).json<TwoFactorRequired>();
    expect((await twoFactorGrant(app, challengeId, '000000')).statusCode).toBe(400);
    expect((await twoFactorGrant(app, challengeId.toUpperCase(), '000001')).statusCode).toBe(400);
    const resend = `/public/two-factor/${challengeId}/resend`;
    expect((await app.inject({ method: 'POST', url: resend })).statusCode).toBe(200);

    const limitedGrant = await twoFactorGrant(app, challengeId, '000002');
    expect(limitedGrant.statusCode).toBe(429);
    expect(limitedGrant.json()).toEqual(slowDown);
    const limitedResend = await app.inject({ method: 'POST', url: resend });
    expect(limitedResend.statusCode).toBe(429);
    expect(limitedResend.json()).toEqual(rateLimited);
    expect(Number(limitedResend.headers['retry-after'])).toBeGreaterThan(0);

    // Another login attempt of the same person has its own allowance.
    const user2 = await createTestUser(context.db, { twoFactorRequired: true });
    const second = (await passwordGrant(app, user2.username)).json<TwoFactorRequired>();
    expect((await twoFactorGrant(app, second.challenge_id, '000000')).statusCode).toBe(400);
  });

  it('does not count refreshes against an account: a refresh token cannot be guessed', async () => {
    const { app, context } = await appWith({ AUTH_RATE_LIMIT_PER_ACCOUNT: 1, AUTH_RATE_LIMIT_PER_IP: 100 });
    const user = await createTestUser(context.db);
    let tokens = (await passwordGrant(app, user.username)).json<TokenResponse>();
    for (let round = 0; round < 3; round++) {
      const response = await refreshGrant(app, tokens.refresh_token);
      expect(response.statusCode).toBe(200);
      tokens = response.json<TokenResponse>();
    }
  });
});
