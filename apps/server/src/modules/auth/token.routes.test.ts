import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_TEXT, type TokenResponse } from '@app/contracts/auth';
import { LOGIN_LOCKOUT_SECONDS, LOGIN_MAX_FAILURES } from '@app/contracts/session';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/create-test-user.ts';
import { getMe, passwordGrant, tokenRequest } from './auth-test-helpers.ts';

describe('POST /oauth/v2/token — password grants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('issues an access token, a refresh token and the login result for a patient', async () => {
    const user = await createTestUser(t.context.db);
    const response = await passwordGrant(t.app, user.username);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<TokenResponse>();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      user: {
        id: user.id,
        memberId: user.memberId,
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect((await getMe(t.app, body.access_token)).json()).toMatchObject({
      id: user.id,
      providerPermissions: [],
    });
  });

  it('accepts a form-encoded body and usernames in any case', async () => {
    const user = await createTestUser(t.context.db);
    const response = await tokenRequest(
      t.app,
      {
        grant_type: 'password',
        client_id: '70',
        username: user.username.toUpperCase(),
        password: TEST_PASSWORD,
      },
      'form',
    );
    expect(response.statusCode).toBe(200);
  });

  it('admits only providers through the doctor username grant, with their permissions on /api/me', async () => {
    const patient = await createTestUser(t.context.db);
    const doctor = await createTestUser(t.context.db, {
      memberType: 'doctor',
      permissions: ['APPOINTMENTS'],
    });
    const refused = await passwordGrant(t.app, patient.username, TEST_PASSWORD, 'doctor_username');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CREDENTIALS_TEXT });
    const admitted = await passwordGrant(t.app, doctor.username, TEST_PASSWORD, 'doctor_username');
    expect(admitted.statusCode).toBe(200);
    const tokens = admitted.json<TokenResponse>();
    expect(tokens.user).toMatchObject({ role: 'provider', memberType: 'doctor' });
    const me = await getMe(t.app, tokens.access_token);
    expect(me.json()).toMatchObject({ providerPermissions: ['APPOINTMENTS'] });
  });

  it('refuses clients other than the first-party portal and mobile apps', async () => {
    const user = await createTestUser(t.context.db);
    const response = await tokenRequest(t.app, {
      grant_type: 'password',
      client_id: '99',
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers a wrong password, an unknown user and an inactive account alike', async () => {
    const user = await createTestUser(t.context.db);
    const inactive = await createTestUser(t.context.db, { status: 'inactive' });
    const answers = [
      await passwordGrant(t.app, user.username, 'wrong-password'),
      await passwordGrant(t.app, 'nobody.here', TEST_PASSWORD),
      await passwordGrant(t.app, inactive.username, TEST_PASSWORD),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe(
        JSON.stringify({ error: 'invalid_grant', error_description: INVALID_CREDENTIALS_TEXT }),
      );
    }
  });

  it('locks an account after repeated failures with the very answer of a wrong password, then lets it in again', async () => {
    const user = await createTestUser(t.context.db);
    const wrong = await passwordGrant(t.app, user.username, 'wrong-password');
    for (let attempt = 2; attempt <= LOGIN_MAX_FAILURES; attempt++) {
      await passwordGrant(t.app, user.username, 'wrong-password');
    }
    const lockedOut = await passwordGrant(t.app, user.username, TEST_PASSWORD);
    expect(lockedOut.statusCode).toBe(wrong.statusCode);
    expect(lockedOut.body).toBe(wrong.body);
    expect(lockedOut.headers['content-type']).toBe(wrong.headers['content-type']);

    t.advanceClock(LOGIN_LOCKOUT_SECONDS * 1000 + 1000);
    expect((await passwordGrant(t.app, user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('does not lock an account whose failures are interrupted by a success', async () => {
    const user = await createTestUser(t.context.db);
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt++) {
        await passwordGrant(t.app, user.username, 'wrong-password');
      }
      expect((await passwordGrant(t.app, user.username, TEST_PASSWORD)).statusCode).toBe(200);
    }
  });

  it.each([
    ['no body', undefined],
    ['an unknown grant', { grant_type: 'client_credentials', client_id: '34' }],
    ['a missing password', { grant_type: 'password', client_id: '34', username: 'jane' }],
    [
      'a huge username',
      { grant_type: 'password', client_id: '34', username: 'x'.repeat(5000), password: 'p' },
    ],
    [
      'a malformed challenge id',
      { grant_type: 'two_factor', client_id: '34', challenge_id: 'nope', code: '123456' },
    ],
    [
      'a code with letters',
      { grant_type: 'two_factor', client_id: '34', challenge_id: crypto.randomUUID(), code: '12a456' },
    ],
  ])('answers %s with 400 invalid_request, never a 500', async (_name, body) => {
    const response = await t.app.inject({ method: 'POST', url: '/oauth/v2/token', payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.any(String),
    });
  });

  it('answers malformed JSON and unsupported content types with a 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(malformed.statusCode).toBe(400);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(xml.statusCode).toBe(415);
  });
});

describe('rate limits on the token endpoint', () => {
  it('limits attempts per account, in the OAuth error shape', async () => {
    const t = await buildTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: 3, AUTH_RATE_LIMIT_PER_IP: 100 });
    try {
      const user = await createTestUser(t.context.db);
      const other = await createTestUser(t.context.db);
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await passwordGrant(t.app, user.username)).statusCode).toBe(200);
      }
      const limited = await passwordGrant(t.app, user.username);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        error: 'slow_down',
        error_description: expect.stringMatching(/Too many requests/),
      });
      // Another account from the same address is not affected.
      expect((await passwordGrant(t.app, other.username)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits attempts per client address across accounts', async () => {
    const t = await buildTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: 100, AUTH_RATE_LIMIT_PER_IP: 2 });
    try {
      const users = [
        await createTestUser(t.context.db),
        await createTestUser(t.context.db),
        await createTestUser(t.context.db),
      ];
      expect((await passwordGrant(t.app, users[0]?.username ?? '')).statusCode).toBe(200);
      expect((await passwordGrant(t.app, users[1]?.username ?? '')).statusCode).toBe(200);
      expect((await passwordGrant(t.app, users[2]?.username ?? '')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
