import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_TEXT, type TokenResponse } from '@app/contracts/auth';
import {
  LOGIN_MAX_FAILURES,
  LOGIN_THROTTLE_FIRST_DELAY_SECONDS,
  LOGIN_THROTTLE_FORGET_SECONDS,
  LOGIN_THROTTLE_MAX_DELAY_SECONDS,
} from '@app/contracts/session';
import { users } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/auth.ts';
import { legacyScryptHash } from '../../test/legacy-password-hash.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/create-test-user.ts';
import { getMe, passwordGrant, tokenRequest } from './auth-test-helpers.ts';

const WRONG_PASSWORD = 'Wrong#Password1';
const INVALID_GRANT_BODY = JSON.stringify({
  error: 'invalid_grant',
  error_description: INVALID_CREDENTIALS_TEXT,
});

describe('POST /oauth/v2/token — password grants', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Rate limits have their own tests; here they would only make the file's request count matter.
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  function passwordGrantFrom(remoteAddress: string, username: string, password = TEST_PASSWORD) {
    return t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      remoteAddress,
      payload: { grant_type: 'password', client_id: '34', username, password },
    });
  }

  it('issues an access token, a refresh token and the login result for a patient', async () => {
    const user = await createTestUser(t.context.db);
    const response = await passwordGrant(t.app, user.username);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<TokenResponse>();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      refresh_token: expect.any(String),
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
    const [session] = await t.context.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session).toMatchObject({ clientId: '34', revokedAt: null });
    expect((await getMe(t.app, body.access_token)).json()).toMatchObject({
      id: user.id,
      memberType: 'patient',
      role: 'user',
      username: user.username,
      providerPermissions: [],
    });
  });

  it('reports a required password reset and an empty security question (spec 1 §2 redirect order)', async () => {
    const user = await createTestUser(t.context.db, {
      isResetPasswordRequired: true,
      securityQuestion: null,
    });
    const response = await passwordGrant(t.app, user.username);
    expect(response.json<TokenResponse>().user).toMatchObject({
      isResetPasswordRequired: true,
      isSecurityQuestionEmpty: true,
    });
  });

  it('accepts a form-encoded body and usernames in any case and with surrounding spaces', async () => {
    const user = await createTestUser(t.context.db);
    const response = await tokenRequest(
      t.app,
      {
        grant_type: 'password',
        client_id: '70',
        username: ` ${user.username.toUpperCase()} `,
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
      permissions: ['APPOINTMENTS', 'MESSAGE'],
    });
    const refused = await passwordGrant(t.app, patient.username, TEST_PASSWORD, 'doctor_username');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe(INVALID_GRANT_BODY);
    const wrongPassword = await passwordGrant(t.app, doctor.username, WRONG_PASSWORD, 'doctor_username');
    expect(wrongPassword.body).toBe(INVALID_GRANT_BODY);

    const admitted = await passwordGrant(t.app, doctor.username, TEST_PASSWORD, 'doctor_username');
    expect(admitted.statusCode).toBe(200);
    const tokens = admitted.json<TokenResponse>();
    expect(tokens.user).toMatchObject({ role: 'provider', memberType: 'doctor' });
    const me = await getMe(t.app, tokens.access_token);
    expect(me.json<{ providerPermissions: string[] }>().providerPermissions.sort()).toEqual([
      'APPOINTMENTS',
      'MESSAGE',
    ]);
    // The plain password grant serves every member type.
    expect((await passwordGrant(t.app, doctor.username)).statusCode).toBe(200);
  });

  it('re-hashes an older scrypt hash with argon2id at the next successful login, and only then (issue 19 item 8)', async () => {
    const legacy = legacyScryptHash(TEST_PASSWORD);
    const user = await createTestUser(t.context.db);
    await t.context.db.update(users).set({ passwordHash: legacy }).where(eq(users.id, user.id));
    const storedHash = async () =>
      (await t.context.db.select().from(users).where(eq(users.id, user.id)))[0]?.passwordHash;

    expect((await passwordGrant(t.app, user.username, WRONG_PASSWORD)).body).toBe(INVALID_GRANT_BODY);
    expect(await storedHash()).toBe(legacy);

    expect((await passwordGrant(t.app, user.username)).statusCode).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The new hash works, and is not replaced again.
    expect((await passwordGrant(t.app, user.username)).statusCode).toBe(200);
    expect(await storedHash()).toBe(upgraded);
  });

  it('refuses clients other than the first-party portal and mobile apps', async () => {
    const user = await createTestUser(t.context.db);
    for (const clientId of ['99', '034', ' 34']) {
      const response = await tokenRequest(t.app, {
        grant_type: 'password',
        client_id: clientId,
        username: user.username,
        password: TEST_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_client', error_description: 'Unknown client.' });
    }
  });

  it('answers a wrong password, an unknown user and accounts that cannot log in byte for byte alike', async () => {
    const user = await createTestUser(t.context.db);
    const inactive = await createTestUser(t.context.db, { status: 'inactive' });
    const pending = await createTestUser(t.context.db, { status: 'pending' });
    const noPassword = await createTestUser(t.context.db, { memberType: 'doctor', password: null });
    const answers = [
      await passwordGrant(t.app, user.username, WRONG_PASSWORD),
      await passwordGrant(t.app, 'nobody.here', TEST_PASSWORD),
      await passwordGrant(t.app, inactive.username, TEST_PASSWORD),
      await passwordGrant(t.app, pending.username, TEST_PASSWORD),
      await passwordGrant(t.app, noPassword.username, TEST_PASSWORD),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe(INVALID_GRANT_BODY);
      expect(answer.headers['content-type']).toBe(answers[0]?.headers['content-type']);
    }
  });

  it('slows an address down after repeated failures with the very answer of a wrong password, with growing delays', async () => {
    const user = await createTestUser(t.context.db);
    const wrong = await passwordGrant(t.app, user.username, WRONG_PASSWORD);
    for (let attempt = 2; attempt < LOGIN_MAX_FAILURES; attempt++) {
      await passwordGrant(t.app, user.username, WRONG_PASSWORD);
    }
    // The failure that starts the delay answers like any other.
    const last = await passwordGrant(t.app, user.username, WRONG_PASSWORD);
    expect(last.body).toBe(wrong.body);

    const throttled = await passwordGrant(t.app, user.username, TEST_PASSWORD);
    expect(throttled.statusCode).toBe(wrong.statusCode);
    expect(throttled.body).toBe(wrong.body);
    expect(throttled.headers['content-type']).toBe(wrong.headers['content-type']);
    expect(throttled.headers['cache-control']).toBe(wrong.headers['cache-control']);

    // The first delay, then one twice as long after the next failure.
    const first = LOGIN_THROTTLE_FIRST_DELAY_SECONDS * 1000;
    t.advanceClock(first - 5000);
    expect((await passwordGrant(t.app, user.username, TEST_PASSWORD)).body).toBe(wrong.body);
    t.advanceClock(6000);
    expect((await passwordGrant(t.app, user.username, WRONG_PASSWORD)).body).toBe(wrong.body);
    t.advanceClock(2 * first - 5000);
    expect((await passwordGrant(t.app, user.username, TEST_PASSWORD)).body).toBe(wrong.body);
    t.advanceClock(6000);
    expect((await passwordGrant(t.app, user.username, TEST_PASSWORD)).statusCode).toBe(200);
    // The success forgot the count: it takes a full series of failures to slow down again.
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt++) {
      await passwordGrant(t.app, user.username, WRONG_PASSWORD);
    }
    expect((await passwordGrant(t.app, user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('never waits longer than the longest delay, and forgets failures after a quiet day', async () => {
    const user = await createTestUser(t.context.db);
    const attacker = '192.0.2.10';
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES + 12; attempt++) {
      await passwordGrantFrom(attacker, user.username, WRONG_PASSWORD);
      t.advanceClock(LOGIN_THROTTLE_MAX_DELAY_SECONDS * 1000 + 1000);
    }
    // Well past the doubling's cap: the next failure blocks for the longest delay, no more.
    await passwordGrantFrom(attacker, user.username, WRONG_PASSWORD);
    t.advanceClock(LOGIN_THROTTLE_MAX_DELAY_SECONDS * 1000 - 5000);
    expect((await passwordGrantFrom(attacker, user.username, TEST_PASSWORD)).statusCode).toBe(400);
    t.advanceClock(6000);
    expect((await passwordGrantFrom(attacker, user.username, WRONG_PASSWORD)).statusCode).toBe(400);
    // A day later the count starts again: one failure alone delays nothing.
    t.advanceClock(LOGIN_THROTTLE_FORGET_SECONDS * 1000 + 1000);
    expect((await passwordGrantFrom(attacker, user.username, WRONG_PASSWORD)).statusCode).toBe(400);
    expect((await passwordGrantFrom(attacker, user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('an attacker elsewhere cannot keep the owner out (issue 19 item 9)', async () => {
    const owner = await createTestUser(t.context.db);
    const attacker = '203.0.113.66';
    const home = '198.51.100.20';
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES * 3; attempt++) {
      expect((await passwordGrantFrom(attacker, owner.username, `${WRONG_PASSWORD}${attempt}`)).body).toBe(
        INVALID_GRANT_BODY,
      );
    }
    // The attacker's address is throttled: even the right password gets the wrong-password answer.
    const refused = await passwordGrantFrom(attacker, owner.username, TEST_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe(INVALID_GRANT_BODY);
    // The owner, at home, logs in at once, and their success does not free the attacker's address.
    expect((await passwordGrantFrom(home, owner.username, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await passwordGrantFrom(attacker, owner.username, TEST_PASSWORD)).body).toBe(INVALID_GRANT_BODY);
  });

  it('counts one IPv6 /64 as one address', async () => {
    const user = await createTestUser(t.context.db);
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt++) {
      await passwordGrantFrom(`2001:db8:1:2::${attempt + 1}`, user.username, WRONG_PASSWORD);
    }
    expect((await passwordGrantFrom('2001:db8:1:2::99', user.username)).body).toBe(INVALID_GRANT_BODY);
    expect((await passwordGrantFrom('2001:db8:1:3::1', user.username)).statusCode).toBe(200);
  });

  it('slows one member of a pair down without touching the other', async () => {
    const target = await createTestUser(t.context.db);
    const bystander = await createTestUser(t.context.db);
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt++) {
      await passwordGrant(t.app, target.username, WRONG_PASSWORD);
    }
    expect((await passwordGrant(t.app, target.username)).statusCode).toBe(400);
    expect((await passwordGrant(t.app, bystander.username)).statusCode).toBe(200);
  });

  it('throttles the address under parallel guesses too', async () => {
    const user = await createTestUser(t.context.db);
    const guesses = Array.from({ length: LOGIN_MAX_FAILURES * 2 }, (_, index) =>
      passwordGrant(t.app, user.username, `${WRONG_PASSWORD}${index}`),
    );
    for (const answer of await Promise.all(guesses)) {
      expect(answer.body).toBe(INVALID_GRANT_BODY);
    }
    expect((await passwordGrant(t.app, user.username, TEST_PASSWORD)).body).toBe(INVALID_GRANT_BODY);
  });

  it('does not throttle an address whose failures are interrupted by a success', async () => {
    const user = await createTestUser(t.context.db);
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt++) {
        await passwordGrant(t.app, user.username, WRONG_PASSWORD);
      }
      expect((await passwordGrant(t.app, user.username, TEST_PASSWORD)).statusCode).toBe(200);
    }
  });
});

describe('POST /oauth/v2/token — bad input is a 400 in the OAuth shape, never a 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const oauthError = { error: expect.any(String), error_description: expect.any(String) };

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['an unknown grant', { grant_type: 'client_credentials', client_id: '34' }],
    ['an authorization-code grant', { grant_type: 'authorization_code', client_id: '34', code: 'x' }],
    ['a missing password', { grant_type: 'password', client_id: '34', username: 'jane' }],
    ['a missing client', { grant_type: 'password', username: 'jane', password: 'p' }],
    ['an empty username', { grant_type: 'password', client_id: '34', username: '   ', password: 'p' }],
    [
      'a username that is an object',
      { grant_type: 'password', client_id: '34', username: { $ne: 1 }, password: 'p' },
    ],
    [
      'a password that is a number',
      { grant_type: 'password', client_id: '34', username: 'jane', password: 1234 },
    ],
    [
      'a huge username',
      { grant_type: 'password', client_id: '34', username: 'x'.repeat(5000), password: 'p' },
    ],
    [
      'a huge password',
      { grant_type: 'password', client_id: '34', username: 'jane', password: 'p'.repeat(100_000) },
    ],
    [
      'a huge refresh token',
      { grant_type: 'refresh_token', client_id: '34', refresh_token: 'r'.repeat(5000) },
    ],
    [
      'a malformed challenge id',
      { grant_type: 'two_factor', client_id: '34', challenge_id: 'nope', code: '123456' },
    ],
    [
      'a code with letters',
      { grant_type: 'two_factor', client_id: '34', challenge_id: crypto.randomUUID(), code: '12a456' },
    ],
    [
      'a code of 7 digits',
      { grant_type: 'two_factor', client_id: '34', challenge_id: crypto.randomUUID(), code: '1234567' },
    ],
    ['an array', [{ grant_type: 'password', client_id: '34', username: 'jane', password: 'p' }]],
    ['a JSON string', 'grant_type=password'],
    ['a JSON number', 42],
    ['JSON null', null],
  ])('answers %s with 400 invalid_request', async (_name, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('names the wrong field in a way a person can read', async () => {
    const response = await tokenRequest(t.app, { grant_type: 'password', client_id: '34', username: 'jane' });
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: 'Password is required' });
  });

  it('answers a form body that repeats a field with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&client_id=34&username=a&username=b&password=p',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('does not let a body pollute object prototypes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":"password","client_id":"34","username":"a","password":"p","__proto__":{"x":1}}',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('answers malformed JSON, unsupported content types and oversized bodies with a 4xx in the OAuth shape', async () => {
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: '{"grant_type":', status: 400 },
      { headers: { 'content-type': 'application/json' }, payload: '', status: 400 },
      { headers: { 'content-type': 'application/xml' }, payload: '<x/>', status: 415 },
      // Fastify reads text/plain as a string, which the schema then refuses.
      { headers: { 'content-type': 'text/plain' }, payload: 'grant_type=password', status: 400 },
      { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--', status: 415 },
      {
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ grant_type: 'password', username: 'x'.repeat(2 * 1024 * 1024) }),
        status: 413,
      },
    ];
    for (const { headers, payload, status } of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/oauth/v2/token', headers, payload });
      expect(response.statusCode, `${headers['content-type']} ${payload.slice(0, 20)}`).toBe(status);
      expect(response.json()).toEqual(oauthError);
    }
  });

  it('answers other methods on the token path with a 4xx', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/oauth/v2/token' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
