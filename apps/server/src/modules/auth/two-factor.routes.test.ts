import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_SENT_TEXT,
  INVALID_CODE_TEXT,
  INVALID_CREDENTIALS_TEXT,
  TOO_MANY_CODE_TRIES_TEXT,
  type TokenResponse,
  type TwoFactorRequired,
} from '@app/contracts/auth';
import {
  LOGIN_MAX_FAILURES,
  TWO_FACTOR_CODE_TTL_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
} from '@app/contracts/session';
import { twoFactorChallenges } from '../../db/schema/auth.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { getMe, latestCode, passwordGrant, sentCodes, twoFactorGrant } from './auth-test-helpers.ts';

const PHONE = '+12125550199';

describe('two-factor login', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Rate limits have their own tests; here they would only make the file's request count matter.
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const finish = (challengeId: string, code: string) => twoFactorGrant(t.app, challengeId, code);
  const resend = (challengeId: string) =>
    t.app.inject({ method: 'POST', url: `/public/two-factor/${challengeId}/resend` });
  const givePhone = (challengeId: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/public/two-factor/${challengeId}/phone`,
      payload: payload as Record<string, unknown>,
    });

  async function startLogin(options: { mobilePhone?: string | null; email?: string | null } = {}) {
    const user = await createTestUser(t.context.db, {
      twoFactorRequired: true,
      mobilePhone: PHONE,
      ...options,
    });
    const response = await passwordGrant(t.app, user.username);
    expect(response.statusCode).toBe(401);
    return { user, body: response.json<TwoFactorRequired>() };
  }

  /** A code that is certainly not the right one. */
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('answers that a code is needed, sends it by SMS and email, and logs in with it', async () => {
    const { user, body } = await startLogin({ mobilePhone: '+12125550100' });
    expect(body).toEqual({
      error: 'two_factor_required',
      error_description: CODE_SENT_TEXT,
      challenge_id: expect.any(String),
      kind: 'code',
      channels: ['sms', 'email'],
    });
    const smsCode = await latestCode(t.context.db, '+12125550100');
    expect(await latestCode(t.context.db, user.email ?? '')).toBe(smsCode);
    // Only the code's hash is kept.
    const [stored] = await t.context.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.id, body.challenge_id));
    expect(stored?.codeHash).not.toContain(smsCode);

    const done = await finish(body.challenge_id, smsCode);
    expect(done.statusCode).toBe(200);
    const tokens = done.json<TokenResponse>();
    expect(tokens.user).toMatchObject({ id: user.id, role: 'user' });
    expect((await getMe(t.app, tokens.access_token)).statusCode).toBe(200);
  });

  it('lists only the channels the account has', async () => {
    const smsOnly = await startLogin({ email: null });
    expect(smsOnly.body).toMatchObject({ kind: 'code', channels: ['sms'] });
    const emailOnly = await startLogin({ mobilePhone: null });
    expect(emailOnly.body).toMatchObject({ kind: 'code', channels: ['email'] });
  });

  it('sends nothing and asks for nothing when the password is wrong', async () => {
    const user = await createTestUser(t.context.db, { twoFactorRequired: true });
    const response = await passwordGrant(t.app, user.username, 'Wrong#Password1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CREDENTIALS_TEXT });
    expect(await sentCodes(t.context.db, user.email ?? '')).toEqual([]);
  });

  it('sends nothing to a locked account, even with the right password', async () => {
    const user = await createTestUser(t.context.db, { twoFactorRequired: true });
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt++) {
      await passwordGrant(t.app, user.username, 'Wrong#Password1');
    }
    const response = await passwordGrant(t.app, user.username);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CREDENTIALS_TEXT });
    expect(await sentCodes(t.context.db, user.email ?? '')).toEqual([]);
  });

  it('uses a code once only', async () => {
    const { user, body } = await startLogin();
    const code = await latestCode(t.context.db, user.email ?? '');
    expect((await finish(body.challenge_id, code)).statusCode).toBe(200);
    const again = await finish(body.challenge_id, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    // A used challenge sends no more codes either.
    expect((await resend(body.challenge_id)).statusCode).toBe(400);
  });

  it('lets a code expire after 10 minutes', async () => {
    const { user, body } = await startLogin();
    const code = await latestCode(t.context.db, user.email ?? '');
    t.advanceClock(TWO_FACTOR_CODE_TTL_SECONDS * 1000 - 5000);
    // Still good just before the end: prove it on a twin login so this one stays unused.
    const twin = await passwordGrant(t.app, user.username);
    const twinCode = await latestCode(t.context.db, user.email ?? '');
    t.advanceClock(6000);
    const late = await finish(body.challenge_id, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CODE_TEXT });
    expect((await finish(twin.json<TwoFactorRequired>().challenge_id, twinCode)).statusCode).toBe(200);
  });

  it('lets a new code be requested after the old one expired, while the login attempt is open', async () => {
    const { user, body } = await startLogin();
    t.advanceClock(TWO_FACTOR_CODE_TTL_SECONDS * 1000 + 1000);
    expect((await resend(body.challenge_id)).statusCode).toBe(200);
    const code = await latestCode(t.context.db, user.email ?? '');
    expect((await finish(body.challenge_id, code)).statusCode).toBe(200);
  });

  it('ends the login attempt itself after 15 minutes', async () => {
    const { body } = await startLogin();
    t.advanceClock(15 * 60_000 + 1000);
    const response = await resend(body.challenge_id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'This login has expired. Please log in again.' });
    expect((await finish(body.challenge_id, '123456')).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('binds a code to its own login attempt and client', async () => {
    const first = await startLogin();
    const second = await startLogin();
    const codeOfFirst = await latestCode(t.context.db, first.user.email ?? '');
    expect((await finish(second.body.challenge_id, codeOfFirst)).statusCode).toBe(400);
    expect((await twoFactorGrant(t.app, first.body.challenge_id, codeOfFirst, '70')).statusCode).toBe(400);
    // Neither refusal used up the first attempt's code.
    expect((await finish(first.body.challenge_id, codeOfFirst)).statusCode).toBe(200);
  });

  it('allows five wrong tries and refuses the sixth, even with the right code', async () => {
    const { user, body } = await startLogin();
    const code = await latestCode(t.context.db, user.email ?? '');
    for (let attempt = 1; attempt <= TWO_FACTOR_MAX_ATTEMPTS; attempt++) {
      const response = await finish(body.challenge_id, wrongCodeFor(code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CODE_TEXT });
    }
    const sixth = await finish(body.challenge_id, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ error: 'invalid_grant', error_description: TOO_MANY_CODE_TRIES_TEXT });
    // A new code does not buy new tries: the attempt is over.
    expect((await resend(body.challenge_id)).json()).toMatchObject({ message: TOO_MANY_CODE_TRIES_TEXT });
  });

  it('accepts the right code on the fifth try', async () => {
    const { user, body } = await startLogin();
    const code = await latestCode(t.context.db, user.email ?? '');
    for (let attempt = 1; attempt < TWO_FACTOR_MAX_ATTEMPTS; attempt++) {
      await finish(body.challenge_id, wrongCodeFor(code));
    }
    expect((await finish(body.challenge_id, code)).statusCode).toBe(200);
  });

  it('gives parallel guesses no more than five tries between them', async () => {
    const { user, body } = await startLogin();
    const code = await latestCode(t.context.db, user.email ?? '');
    const guesses = Array.from({ length: TWO_FACTOR_MAX_ATTEMPTS + 5 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess) => finish(body.challenge_id, guess)));
    const descriptions = answers.map(
      (answer) => answer.json<{ error_description: string }>().error_description,
    );
    expect(descriptions.filter((text) => text === INVALID_CODE_TEXT)).toHaveLength(TWO_FACTOR_MAX_ATTEMPTS);
    expect(descriptions.filter((text) => text === TOO_MANY_CODE_TRIES_TEXT)).toHaveLength(5);
    expect((await finish(body.challenge_id, code)).json()).toMatchObject({
      error_description: TOO_MANY_CODE_TRIES_TEXT,
    });
  });

  it('sends a new code on request, to the same channels, and the old one stops working', async () => {
    const { user, body } = await startLogin({ mobilePhone: '+12125550101' });
    const oldCode = await latestCode(t.context.db, user.email ?? '');
    t.advanceClock(1000);
    const response = await resend(body.challenge_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CODE_SENT_TEXT });
    const newCode = await latestCode(t.context.db, user.email ?? '');
    expect(await latestCode(t.context.db, '+12125550101')).toBe(newCode);
    expect(await sentCodes(t.context.db, user.email ?? '')).toHaveLength(2);
    if (newCode !== oldCode) {
      const stale = await finish(body.challenge_id, oldCode);
      expect(stale.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CODE_TEXT });
    }
    expect((await finish(body.challenge_id, newCode)).statusCode).toBe(200);
  });

  it('caps the codes sent for one login attempt', async () => {
    const { user, body } = await startLogin();
    // The first code came with the password step; four more may be asked for.
    for (let resent = 1; resent <= 4; resent++) {
      expect((await resend(body.challenge_id)).statusCode).toBe(200);
    }
    const refused = await resend(body.challenge_id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many codes were sent. Please log in again.',
      code: 'too_many_codes',
    });
    expect(await sentCodes(t.context.db, user.email ?? '')).toHaveLength(5);
  });

  it('keeps the cap under parallel requests for a new code', async () => {
    const { user, body } = await startLogin({ mobilePhone: null });
    const answers = await Promise.all(Array.from({ length: 8 }, () => resend(body.challenge_id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(4);
    expect(await sentCodes(t.context.db, user.email ?? '')).toHaveLength(5);
  });

  describe('phone verification (the account has no phone and no email)', () => {
    it('asks for a phone, sends the code there, and logs in with it', async () => {
      const { user, body } = await startLogin({ mobilePhone: null, email: null });
      expect(body).toEqual({
        error: 'two_factor_required',
        error_description: 'Please enter home or mobile phone number',
        challenge_id: expect.any(String),
        kind: 'phone',
        channels: [],
      });
      const phone = await givePhone(body.challenge_id, { phone: '2125550142' });
      expect(phone.statusCode).toBe(200);
      expect(phone.json()).toEqual({ message: CODE_SENT_TEXT });
      const code = await latestCode(t.context.db, '2125550142');
      const done = await finish(body.challenge_id, code);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ user: { id: user.id } });
    });

    it('sends a new code to the phone given, not to the account', async () => {
      const { body } = await startLogin({ mobilePhone: null, email: null });
      expect((await resend(body.challenge_id)).json()).toMatchObject({
        message: 'Please enter home or mobile phone number',
        code: 'phone_required',
      });
      await givePhone(body.challenge_id, { phone: '2125550143' });
      t.advanceClock(1000);
      expect((await resend(body.challenge_id)).statusCode).toBe(200);
      const codes = await sentCodes(t.context.db, '2125550143');
      expect(codes).toHaveLength(2);
      expect((await finish(body.challenge_id, codes[0] ?? '')).statusCode).toBe(200);
    });

    it('refuses a code before any was sent, counting it as a wrong try', async () => {
      const { body } = await startLogin({ mobilePhone: null, email: null });
      const early = await finish(body.challenge_id, '123456');
      expect(early.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CODE_TEXT });
    });

    it.each([
      ['letters', { phone: '555-abc' }],
      ['an empty phone', { phone: '' }],
      ['too few digits', { phone: '12345' }],
      ['a huge string', { phone: '1'.repeat(100_000) }],
      ['a number instead of a string', { phone: 2125550142 }],
      ['no phone', {}],
    ])('answers %s with 400 and the spec text', async (_name, payload) => {
      const { body } = await startLogin({ mobilePhone: null, email: null });
      const response = await givePhone(body.challenge_id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', message: expect.any(String) });
    });

    it('is refused for a login that already had a code sent', async () => {
      const { body } = await startLogin();
      const response = await givePhone(body.challenge_id, { phone: '2125550144' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'phone_not_needed' });
    });
  });

  it('answers unknown and malformed challenges with a 4xx, never a 500', async () => {
    const unknown = crypto.randomUUID();
    expect((await resend(unknown)).statusCode).toBe(400);
    expect((await givePhone(unknown, { phone: '2125550142' })).statusCode).toBe(400);
    for (const bad of ['not-a-uuid', '%00', '1'.repeat(2000), "1' or '1'='1"]) {
      const response = await resend(encodeURIComponent(bad));
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await finish(unknown, '123456')).json()).toMatchObject({ error: 'invalid_grant' });
  });
});
