import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SENT_TEXT, INVALID_CODE_TEXT, TOO_MANY_CODE_TRIES_TEXT } from '@app/contracts/auth';
import { TWO_FACTOR_CODE_TTL_SECONDS, TWO_FACTOR_MAX_ATTEMPTS } from '@app/contracts/session';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { passwordGrant, PORTAL_CLIENT, tokenRequest } from './auth-test-helpers.ts';

describe('two-factor login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function latestCode(recipient: string): Promise<string> {
    const [message] = await t.context.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.purpose, 'two-factor-code')))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
    if (!code) {
      throw new Error(`no code for ${recipient}`);
    }
    return code;
  }

  const finish = (challengeId: string, code: string) =>
    tokenRequest(t.app, {
      grant_type: 'two_factor',
      client_id: PORTAL_CLIENT,
      challenge_id: challengeId,
      code,
    });

  async function startLogin(options: { mobilePhone?: string | null; email?: string | null } = {}) {
    const user = await createTestUser(t.context.db, {
      twoFactorRequired: true,
      mobilePhone: '+12125550199',
      ...options,
    });
    const response = await passwordGrant(t.app, user.username);
    expect(response.statusCode).toBe(401);
    return {
      user,
      body: response.json<{
        challenge_id: string;
        kind: string;
        channels: string[];
        error_description: string;
      }>(),
    };
  }

  it('answers that a code is needed, sends it by SMS and email, and logs in with it', async () => {
    const { user, body } = await startLogin();
    expect(body).toMatchObject({
      error: 'two_factor_required',
      error_description: CODE_SENT_TEXT,
      kind: 'code',
      channels: ['sms', 'email'],
    });
    const smsCode = await latestCode('+12125550199');
    expect(await latestCode(user.email ?? '')).toBe(smsCode);
    const done = await finish(body.challenge_id, smsCode);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user: { id: user.id } });
  });

  it('uses a code once only', async () => {
    const { user, body } = await startLogin();
    const code = await latestCode(user.email ?? '');
    expect((await finish(body.challenge_id, code)).statusCode).toBe(200);
    const again = await finish(body.challenge_id, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('lets a code expire after 10 minutes', async () => {
    const { user, body } = await startLogin();
    const code = await latestCode(user.email ?? '');
    t.advanceClock(TWO_FACTOR_CODE_TTL_SECONDS * 1000 + 1000);
    const late = await finish(body.challenge_id, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CODE_TEXT });
  });

  it('binds a code to its own login attempt', async () => {
    const first = await startLogin();
    const second = await startLogin();
    const codeOfFirst = await latestCode(first.user.email ?? '');
    expect((await finish(second.body.challenge_id, codeOfFirst)).statusCode).toBe(400);
    expect(
      (
        await tokenRequest(t.app, {
          grant_type: 'two_factor',
          client_id: '70',
          challenge_id: first.body.challenge_id,
          code: codeOfFirst,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('allows five wrong tries and refuses the sixth, even with the right code', async () => {
    const { user, body } = await startLogin();
    const code = await latestCode(user.email ?? '');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= TWO_FACTOR_MAX_ATTEMPTS; attempt++) {
      const response = await finish(body.challenge_id, wrong);
      expect(response.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_CODE_TEXT });
    }
    const sixth = await finish(body.challenge_id, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ error: 'invalid_grant', error_description: TOO_MANY_CODE_TRIES_TEXT });
  });

  it('sends a new code on request, and the old one stops working', async () => {
    const { user, body } = await startLogin();
    const oldCode = await latestCode(user.email ?? '');
    const resend = await t.app.inject({
      method: 'POST',
      url: `/public/two-factor/${body.challenge_id}/resend`,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: CODE_SENT_TEXT });
    const newCode = await latestCode(user.email ?? '');
    if (newCode !== oldCode) {
      expect((await finish(body.challenge_id, oldCode)).statusCode).toBe(400);
    }
    expect((await finish(body.challenge_id, newCode)).statusCode).toBe(200);
  });

  it('asks for a phone when the account has nowhere to send a code (phone verification)', async () => {
    const { body } = await startLogin({ mobilePhone: null, email: null });
    expect(body).toMatchObject({ kind: 'phone', channels: [] });
    const badPhone = await t.app.inject({
      method: 'POST',
      url: `/public/two-factor/${body.challenge_id}/phone`,
      payload: { phone: '555-abc' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({ message: 'Please enter home or mobile phone number' });

    const phone = await t.app.inject({
      method: 'POST',
      url: `/public/two-factor/${body.challenge_id}/phone`,
      payload: { phone: '2125550142' },
    });
    expect(phone.statusCode).toBe(200);
    const code = await latestCode('2125550142');
    expect((await finish(body.challenge_id, code)).statusCode).toBe(200);
  });

  it('answers unknown challenges with a 4xx', async () => {
    const unknown = crypto.randomUUID();
    expect(
      (await t.app.inject({ method: 'POST', url: `/public/two-factor/${unknown}/resend` })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/public/two-factor/not-a-uuid/resend' })).statusCode,
    ).toBe(400);
    expect((await finish(unknown, '123456')).statusCode).toBe(400);
  });
});
