import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@app/contracts/auth';
import {
  ACCOUNT_ACTIVATED_TEXT,
  ACTIVATION_LINK_INVALID_TEXT,
  ACTIVATION_LINK_TTL_HOURS,
  CHANNEL_UNAVAILABLE_TEXT,
  NO_ACCOUNT_FOUND_TEXT,
  RECOVERY_EXPIRED_TEXT,
  RECOVERY_MAX_ATTEMPTS,
  RECOVERY_TOKEN_TTL_MINUTES,
  SMS_CAP_TEXT,
  SMS_CAP_WINDOW_MINUTES,
  WRONG_ANSWER_TEXT,
  noSecurityQuestionText,
  type ForgotPasswordStartResponse,
  type ForgotUsernameLookupResponse,
  type SecurityAnswerResponse,
} from '@app/contracts/recovery';
import { users } from '../../db/schema/accounts.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, type TestUserOptions } from '../../test/create-test-user.ts';
import { getMe, loginTokens, passwordGrant, refreshGrant } from '../auth/auth-test-helpers.ts';
import { setSecurityQuestion } from './account-security.service.ts';

// spec 1 §2 Credential recovery, §3 Found user, §4 Forgot username / Forgot password, §5 Recovery
// rules, §6 'email support' notice, §8 recovery errors; issue 3: enumeration, rate limits, SMS cap.

const ANSWER = 'Rex the dog';
const MINUTE = 60_000;
let phoneCounter = 2000;

function newPhone(): string {
  phoneCounter += 1;
  return `+1555010${String(phoneCounter).padStart(4, '0')}`;
}

describe('credential recovery (spec 1 §2, §4, §8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A person with a birth date and an answered security question unless told otherwise. */
  async function person(options: TestUserOptions & { answer?: string | null; birthdate?: string } = {}) {
    const user = await createTestUser(t.context.db, options);
    const birthdate = options.birthdate ?? '1980-04-12';
    await t.context.db.update(users).set({ birthdate }).where(eq(users.id, user.id));
    if (options.answer !== null && options.securityQuestion !== null) {
      await setSecurityQuestion(
        t.context.db,
        user.id,
        'First pet?',
        options.answer ?? ANSWER,
        t.context.now(),
      );
    }
    return { ...user, birthdate };
  }

  function post(url: string, payload: unknown) {
    return t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  }

  async function messagesTo(recipient: string, purpose: string) {
    return t.context.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.purpose, purpose)))
      .orderBy(desc(outboxMessages.createdAt));
  }

  async function passwordFlow(username: string, answer = ANSWER) {
    const start = await post('/public/recovery/password/start', { username });
    expect(start.statusCode).toBe(200);
    const { token } = start.json<ForgotPasswordStartResponse>();
    const answered = await post('/public/recovery/password/answer', { token, answer });
    expect(answered.statusCode).toBe(200);
    return answered.json<SecurityAnswerResponse>();
  }

  describe('forgot username', () => {
    it('with email and phone, shows both masked channels, then sends the username by the chosen one', async () => {
      const phone = newPhone();
      const user = await person({ mobilePhone: phone });
      const lookup = await post('/public/recovery/username/lookup', {
        firstName: user.firstName.toUpperCase(),
        lastName: user.lastName,
        birthDate: user.birthdate,
      });
      expect(lookup.statusCode).toBe(200);
      const body = lookup.json<ForgotUsernameLookupResponse>();
      expect(body).toEqual({
        token: expect.any(String),
        email: `${user.email?.slice(0, 1) ?? ''}***@example.com`,
        phone: phone.slice(-4),
        sent: null,
      });
      // The lookup reveals neither the username nor the full contacts.
      expect(lookup.body).not.toContain(user.username);
      expect(lookup.body).not.toContain(user.email ?? '');
      expect(lookup.body).not.toContain(phone);
      expect(await messagesTo(phone, 'recovery-username')).toHaveLength(0);

      const sent = await post('/public/recovery/username/send', { token: body.token, channel: 'sms' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ channel: 'sms', target: phone.slice(-4) });
      const [message] = await messagesTo(phone, 'recovery-username');
      expect(message?.body).toContain(user.username);

      // The channel token is single use.
      const again = await post('/public/recovery/username/send', { token: body.token, channel: 'email' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ message: RECOVERY_EXPIRED_TEXT, code: 'recovery_expired' });
    });

    it('with one channel, chooses it and sends at once (email if present, else sms)', async () => {
      const byEmail = await person();
      const emailLookup = await post('/public/recovery/username/lookup', {
        firstName: byEmail.firstName,
        lastName: byEmail.lastName,
        birthDate: byEmail.birthdate,
      });
      expect(emailLookup.statusCode).toBe(200);
      expect(emailLookup.json<ForgotUsernameLookupResponse>()).toMatchObject({
        token: null,
        phone: null,
        sent: { channel: 'email', target: expect.stringMatching(/^u\*\*\*@example\.com$/) },
      });
      expect((await messagesTo(byEmail.email ?? '', 'recovery-username'))[0]?.body).toContain(
        byEmail.username,
      );

      const phone = newPhone();
      const bySms = await person({ email: null, mobilePhone: phone });
      const smsLookup = await post('/public/recovery/username/lookup', {
        firstName: bySms.firstName,
        lastName: bySms.lastName,
        birthDate: bySms.birthdate,
      });
      expect(smsLookup.json<ForgotUsernameLookupResponse>()).toEqual({
        token: null,
        email: null,
        phone: phone.slice(-4),
        sent: { channel: 'sms', target: phone.slice(-4) },
      });
      expect(await messagesTo(phone, 'recovery-username')).toHaveLength(1);
    });

    it('answers 404 with one detail when nobody matches, and 400 with field errors for missing fields', async () => {
      const user = await person();
      const none = await post('/public/recovery/username/lookup', {
        firstName: user.firstName,
        lastName: user.lastName,
        birthDate: '1999-01-01',
      });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({
        message: NO_ACCOUNT_FOUND_TEXT,
        code: 'not_found',
        errors: [{ detail: NO_ACCOUNT_FOUND_TEXT }],
      });
      const missing = await post('/public/recovery/username/lookup', {
        firstName: ' ',
        lastName: '',
        birthDate: 'yesterday',
      });
      expect(missing.statusCode).toBe(400);
      const fields = missing.json<{ errors: { field?: string }[] }>().errors.map((error) => error.field);
      expect(fields).toEqual(expect.arrayContaining(['firstName', 'lastName', 'birthDate']));
      // A closed account is not found either.
      const closed = await person({ status: 'inactive' });
      const closedLookup = await post('/public/recovery/username/lookup', {
        firstName: closed.firstName,
        lastName: closed.lastName,
        birthDate: closed.birthdate,
      });
      expect(closedLookup.statusCode).toBe(404);
    });

    it('refuses a channel the account does not have, a bad channel and a garbage token', async () => {
      const user = await person({ mobilePhone: newPhone() });
      const lookup = await post('/public/recovery/username/lookup', {
        firstName: user.firstName,
        lastName: user.lastName,
        birthDate: user.birthdate,
      });
      const { token } = lookup.json<ForgotUsernameLookupResponse>();
      await t.context.db.update(users).set({ email: null }).where(eq(users.id, user.id));
      const gone = await post('/public/recovery/username/send', { token, channel: 'email' });
      expect(gone.statusCode).toBe(400);
      expect(gone.json()).toMatchObject({ message: CHANNEL_UNAVAILABLE_TEXT, code: 'channel_unavailable' });
      expect((await post('/public/recovery/username/send', { token, channel: 'fax' })).statusCode).toBe(400);
      const garbage = await post('/public/recovery/username/send', { token: 'x'.repeat(40), channel: 'sms' });
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json()).toMatchObject({ code: 'recovery_expired' });
      expect((await post('/public/recovery/username/send', 'not json')).statusCode).toBe(415);
    });
  });

  describe('forgot password', () => {
    it('answers known and unknown usernames alike: same status, same shape, a stable question', async () => {
      const user = await person();
      const known = await post('/public/recovery/password/start', { username: user.username });
      const unknown = await post('/public/recovery/password/start', { username: `nobody.${user.id}` });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      const knownBody = known.json<ForgotPasswordStartResponse>();
      const unknownBody = unknown.json<ForgotPasswordStartResponse>();
      expect(Object.keys(unknownBody).sort()).toEqual(Object.keys(knownBody).sort());
      expect(unknownBody.token).toHaveLength(knownBody.token.length);
      expect(knownBody.question).toBe('First pet?');
      expect(unknownBody.question).toEqual(expect.any(String));
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
      // Asking again about the unknown name gives the same question, so probing cannot tell.
      const repeat = await post('/public/recovery/password/start', { username: `NOBODY.${user.id}` });
      expect(repeat.json<ForgotPasswordStartResponse>().question).toBe(unknownBody.question);

      // The answer step does not tell either: a decoy fails exactly like a wrong answer.
      const wrong = await post('/public/recovery/password/answer', {
        token: knownBody.token,
        answer: 'Nope',
      });
      const decoy = await post('/public/recovery/password/answer', {
        token: unknownBody.token,
        answer: 'Nope',
      });
      expect(wrong.statusCode).toBe(400);
      expect(decoy.statusCode).toBe(400);
      expect(decoy.json()).toEqual(wrong.json());
      expect(wrong.json()).toEqual({
        message: WRONG_ANSWER_TEXT,
        code: 'wrong_answer',
        errors: [{ detail: WRONG_ANSWER_TEXT, field: 'answer' }],
      });
    });

    it('the one exception: an account without a security question gets the support notice (409)', async () => {
      const user = await person({ securityQuestion: null });
      const response = await post('/public/recovery/password/start', { username: user.username });
      expect(response.statusCode).toBe(409);
      const text = noSecurityQuestionText(t.context.env.SUPPORT_EMAIL);
      expect(text).toBe(
        `You need to have a security question set to use the forgot password feature, please email ${t.context.env.SUPPORT_EMAIL}`,
      );
      expect(response.json()).toEqual({
        message: text,
        code: 'no_security_question',
        errors: [{ detail: text }],
      });
    });

    it('sends a temporary password that logs in and requires a reset; the old password stops working', async () => {
      const phone = newPhone();
      const user = await person({ mobilePhone: phone });
      const before = await loginTokens(t.app, user.username);
      const answered = await passwordFlow(user.username, '  rex THE   dog ');
      expect(answered).toEqual({
        token: expect.any(String),
        activated: true,
        email: user.email,
        mobilePhone: phone.slice(-4),
      });
      const sent = await post('/public/recovery/password/send', { token: answered.token, channel: 'email' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ channel: 'email', target: user.email });
      const [message] = await messagesTo(user.email ?? '', 'temporary-password');
      const temporary = /temporary password is: (\S+)/.exec(message?.body ?? '')?.[1];
      expect(temporary).toMatch(/^.{12}$/);

      expect((await passwordGrant(t.app, user.username)).statusCode).toBe(400);
      // Sessions opened with the old password are over.
      expect((await getMe(t.app, before.access_token)).statusCode).toBe(401);
      expect((await refreshGrant(t.app, before.refresh_token)).statusCode).toBe(400);
      const login = await passwordGrant(t.app, user.username, temporary);
      expect(login.statusCode).toBe(200);
      expect(login.json<TokenResponse>().user).toMatchObject({
        id: user.id,
        isResetPasswordRequired: true,
        isSecurityQuestionEmpty: false,
      });

      // The channel token is single use.
      const again = await post('/public/recovery/password/send', { token: answered.token, channel: 'sms' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'recovery_expired' });
    });

    it('spends the question token after five wrong answers, and once it has been answered', async () => {
      const user = await person();
      const start = await post('/public/recovery/password/start', { username: user.username });
      const { token } = start.json<ForgotPasswordStartResponse>();
      for (let i = 0; i < RECOVERY_MAX_ATTEMPTS; i++) {
        expect(
          (await post('/public/recovery/password/answer', { token, answer: `wrong ${i}` })).statusCode,
        ).toBe(400);
      }
      const exhausted = await post('/public/recovery/password/answer', { token, answer: ANSWER });
      expect(exhausted.json()).toMatchObject({ message: RECOVERY_EXPIRED_TEXT });

      const fresh = (
        await post('/public/recovery/password/start', { username: user.username })
      ).json<ForgotPasswordStartResponse>();
      expect(
        (await post('/public/recovery/password/answer', { token: fresh.token, answer: ANSWER })).statusCode,
      ).toBe(200);
      expect(
        (await post('/public/recovery/password/answer', { token: fresh.token, answer: ANSWER })).json(),
      ).toMatchObject({ code: 'recovery_expired' });
    });

    it('tokens expire', async () => {
      const user = await person();
      const { token } = (
        await post('/public/recovery/password/start', { username: user.username })
      ).json<ForgotPasswordStartResponse>();
      t.advanceClock(RECOVERY_TOKEN_TTL_MINUTES * MINUTE + 1000);
      const late = await post('/public/recovery/password/answer', { token, answer: ANSWER });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: 'recovery_expired' });

      const answered = await passwordFlow(user.username);
      t.advanceClock(RECOVERY_TOKEN_TTL_MINUTES * MINUTE + 1000);
      const lateSend = await post('/public/recovery/password/send', {
        token: answered.token,
        channel: 'email',
      });
      expect(lateSend.json()).toMatchObject({ code: 'recovery_expired' });
    });

    it('validates the bodies: username and answer required, tokens of a sane size', async () => {
      expect((await post('/public/recovery/password/start', { username: '   ' })).statusCode).toBe(400);
      expect((await post('/public/recovery/password/start', {})).statusCode).toBe(400);
      expect(
        (await post('/public/recovery/password/answer', { token: 'short', answer: 'x' })).statusCode,
      ).toBe(400);
      const noAnswer = await post('/public/recovery/password/answer', { token: 'x'.repeat(40), answer: '' });
      expect(noAnswer.statusCode).toBe(400);
      expect(noAnswer.json<{ errors: { field?: string }[] }>().errors[0]?.field).toBe('answer');
    });
  });

  describe('activation link', () => {
    it('a pending account is offered the activation link; the link activates it, once', async () => {
      const user = await person({ status: 'pending' });
      expect((await passwordGrant(t.app, user.username)).statusCode).toBe(400);
      const answered = await passwordFlow(user.username);
      expect(answered.activated).toBe(false);
      // A pending account cannot be sent a temporary password.
      const temp = await post('/public/recovery/password/send', { token: answered.token, channel: 'email' });
      expect(temp.statusCode).toBe(400);

      const again = await passwordFlow(user.username);
      const sent = await post('/public/recovery/activation/send', { token: again.token, channel: 'email' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ channel: 'email', target: user.email });
      const [message] = await messagesTo(user.email ?? '', 'activation-link');
      const link = /(http\S+)/.exec(message?.body ?? '')?.[1] ?? '';
      const url = new URL(link);
      expect(url.pathname).toBe('/guest/activate-account');
      const token = url.searchParams.get('token') ?? '';

      const activated = await post('/public/recovery/activate', { token });
      expect(activated.statusCode).toBe(200);
      expect(activated.json()).toEqual({ message: ACCOUNT_ACTIVATED_TEXT });
      expect((await passwordGrant(t.app, user.username)).statusCode).toBe(200);

      const reused = await post('/public/recovery/activate', { token });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({
        message: ACTIVATION_LINK_INVALID_TEXT,
        code: 'activation_invalid',
        errors: [{ detail: ACTIVATION_LINK_INVALID_TEXT }],
      });
    });

    it('an activation link expires, and an active account is not sent one', async () => {
      const user = await person({ status: 'pending' });
      const answered = await passwordFlow(user.username);
      await post('/public/recovery/activation/send', { token: answered.token, channel: 'email' });
      const [message] = await messagesTo(user.email ?? '', 'activation-link');
      const token = new URL(/(http\S+)/.exec(message?.body ?? '')?.[1] ?? '').searchParams.get('token') ?? '';
      t.advanceClock(ACTIVATION_LINK_TTL_HOURS * 60 * MINUTE + 1000);
      expect((await post('/public/recovery/activate', { token })).statusCode).toBe(400);
      expect((await passwordGrant(t.app, user.username)).statusCode).toBe(400);

      const active = await person();
      const activeAnswer = await passwordFlow(active.username);
      const refused = await post('/public/recovery/activation/send', {
        token: activeAnswer.token,
        channel: 'email',
      });
      expect(refused.statusCode).toBe(400);
      expect((await post('/public/recovery/activate', { token: 'y'.repeat(43) })).statusCode).toBe(400);
    });
  });

  describe('SMS cap (issue 3: at most 3 texts per number per 15 minutes)', () => {
    it('counts username, temporary-password and activation texts together; the 4th is refused', async () => {
      const phone = newPhone();
      const active = await person({ email: null, mobilePhone: phone });
      const pending = await person({ email: null, mobilePhone: phone, status: 'pending' });
      const lookup = () =>
        post('/public/recovery/username/lookup', {
          firstName: active.firstName,
          lastName: active.lastName,
          birthDate: active.birthdate,
        });

      expect((await lookup()).statusCode).toBe(200);
      const forPassword = await passwordFlow(active.username);
      expect(
        (await post('/public/recovery/password/send', { token: forPassword.token, channel: 'sms' }))
          .statusCode,
      ).toBe(200);
      const forActivation = await passwordFlow(pending.username);
      expect(
        (await post('/public/recovery/activation/send', { token: forActivation.token, channel: 'sms' }))
          .statusCode,
      ).toBe(200);

      const fourth = await lookup();
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({
        message: SMS_CAP_TEXT,
        code: 'sms_cap',
        errors: [{ detail: SMS_CAP_TEXT }],
      });
      const refused = await passwordFlow(active.username);
      const refusedSend = await post('/public/recovery/password/send', {
        token: refused.token,
        channel: 'sms',
      });
      expect(refusedSend.statusCode).toBe(429);
      const sms = await t.context.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, 'sms')));
      expect(sms).toHaveLength(3);
      // A refused send does not spend the token: it still works once the window has passed.

      t.advanceClock(SMS_CAP_WINDOW_MINUTES * MINUTE - 60_000);
      expect((await lookup()).statusCode).toBe(429);
      t.advanceClock(60_000 + 1000);
      expect((await lookup()).statusCode).toBe(200);
    });

    it('holds under concurrent sends: five at once to one number, three go out', async () => {
      const phone = newPhone();
      const user = await person({ email: null, mobilePhone: phone });
      const responses = await Promise.all(
        [1, 2, 3, 4, 5].map(() =>
          post('/public/recovery/username/lookup', {
            firstName: user.firstName,
            lastName: user.lastName,
            birthDate: user.birthdate,
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(await messagesTo(phone, 'recovery-username')).toHaveLength(3);
    });
  });
});

describe('recovery rate limits (issue 3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 3, AUTH_RATE_LIMIT_PER_ACCOUNT: 100 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits every recovery endpoint per client address, known username or not', async () => {
    const user = await createTestUser(t.context.db);
    const app = t.app;
    const start = (username: string) =>
      app.inject({ method: 'POST', url: '/public/recovery/password/start', payload: { username } });
    expect((await start(user.username)).statusCode).toBe(409);
    expect((await start('nobody.at.all')).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/public/recovery/username/lookup',
          payload: { firstName: 'A', lastName: 'B', birthDate: '1970-01-01' },
        })
      ).statusCode,
    ).toBe(404);
    const limited = await start(user.username);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      code: 'rate_limited',
    });
    for (const url of [
      '/public/recovery/username/lookup',
      '/public/recovery/username/send',
      '/public/recovery/password/answer',
      '/public/recovery/password/send',
      '/public/recovery/activation/send',
      '/public/recovery/activate',
    ]) {
      expect((await app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(429);
    }
    // Another address is not affected.
    const other = await app.inject({
      method: 'POST',
      url: '/public/recovery/password/start',
      payload: { username: 'nobody.at.all' },
      remoteAddress: '203.0.113.9',
    });
    expect(other.statusCode).toBe(200);
  });
});
