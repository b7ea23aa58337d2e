import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@app/contracts/auth';
import {
  BOTH_QUESTION_AND_REPLY_TEXT,
  PASSWORDS_DO_NOT_MATCH_TEXT,
  SECURITY_ANSWER_MIN_TEXT,
  SECURITY_PASSWORD_MIN_TEXT,
  SECURITY_SAVED_TEXT,
  securityFormSchema,
} from '@app/contracts/security';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { getMe, loginTokens, passwordGrant } from '../auth/auth-test-helpers.ts';

// spec 1 §2 Security page, §4 Security save (clears the flags), §5 Security page rules, §9 limits.

describe('security page calls (spec 1 §2, §4, §5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  function call(method: 'POST' | 'PATCH', url: string, accessToken: string | null, payload: unknown) {
    return t.app.inject({
      method,
      url,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      payload: payload as Record<string, unknown>,
    });
  }

  async function flags(username: string, password?: string) {
    const response = await passwordGrant(t.app, username, password);
    expect(response.statusCode).toBe(200);
    const { isResetPasswordRequired, isSecurityQuestionEmpty } = response.json<TokenResponse>().user;
    return { isResetPasswordRequired, isSecurityQuestionEmpty };
  }

  it('a new password clears isResetPasswordRequired and replaces the old one', async () => {
    const user = await createTestUser(t.context.db, { isResetPasswordRequired: true });
    expect(await flags(user.username)).toEqual({
      isResetPasswordRequired: true,
      isSecurityQuestionEmpty: false,
    });
    const { access_token } = await loginTokens(t.app, user.username);
    const saved = await call('POST', '/api/user/security/password', access_token, {
      newPassword: 'fresh pass 1',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: SECURITY_SAVED_TEXT });
    expect((await passwordGrant(t.app, user.username)).statusCode).toBe(400);
    expect(await flags(user.username, 'fresh pass 1')).toEqual({
      isResetPasswordRequired: false,
      isSecurityQuestionEmpty: false,
    });
    const me = await getMe(t.app, access_token);
    expect(me.json<{ isResetPasswordRequired: boolean }>().isResetPasswordRequired).toBe(false);
  });

  it('a question and answer clear isSecurityQuestionEmpty', async () => {
    const user = await createTestUser(t.context.db, { securityQuestion: null });
    expect(await flags(user.username)).toEqual({
      isResetPasswordRequired: false,
      isSecurityQuestionEmpty: true,
    });
    const { access_token } = await loginTokens(t.app, user.username);
    const saved = await call('PATCH', '/api/user/security/question', access_token, {
      question: ' Favourite teacher? ',
      answer: 'Mrs Jones',
    });
    expect(saved.statusCode).toBe(200);
    expect(await flags(user.username)).toEqual({
      isResetPasswordRequired: false,
      isSecurityQuestionEmpty: false,
    });
  });

  it('validates lengths: password 8 to 100, question 1 to 100, answer 6 to 100; changes nothing', async () => {
    const user = await createTestUser(t.context.db, {
      isResetPasswordRequired: true,
      securityQuestion: null,
    });
    const { access_token } = await loginTokens(t.app, user.username);
    const short = await call('POST', '/api/user/security/password', access_token, { newPassword: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      errors: [{ field: 'newPassword', detail: SECURITY_PASSWORD_MIN_TEXT }],
    });
    const long = await call('POST', '/api/user/security/password', access_token, {
      newPassword: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    const shortAnswer = await call('PATCH', '/api/user/security/question', access_token, {
      question: 'Q?',
      answer: 'five5',
    });
    expect(shortAnswer.statusCode).toBe(400);
    expect(shortAnswer.json()).toMatchObject({
      errors: [{ field: 'answer', detail: SECURITY_ANSWER_MIN_TEXT }],
    });
    for (const payload of [
      { question: '   ', answer: 'long enough' },
      { question: 'x'.repeat(101), answer: 'long enough' },
      { question: 'Q?', answer: 'y'.repeat(101) },
      { question: 'Q?' },
    ]) {
      expect((await call('PATCH', '/api/user/security/question', access_token, payload)).statusCode).toBe(
        400,
      );
    }
    expect(await flags(user.username)).toEqual({
      isResetPasswordRequired: true,
      isSecurityQuestionEmpty: true,
    });
  });

  it('needs a patient token: 401 without one, 403 for a provider (who uses /api/providers/{id}/security/*)', async () => {
    expect(
      (await call('POST', '/api/user/security/password', null, { newPassword: 'fresh pass 1' })).statusCode,
    ).toBe(401);
    const doctor = await createTestUser(t.context.db, {
      memberType: 'doctor',
      isResetPasswordRequired: true,
    });
    const { access_token } = await loginTokens(t.app, doctor.username);
    expect(
      (await call('POST', '/api/user/security/password', access_token, { newPassword: 'fresh pass 1' }))
        .statusCode,
    ).toBe(403);
    const own = await call('POST', `/api/providers/${doctor.id}/security/password`, access_token, {
      newPassword: 'Doctor#Pass2',
    });
    expect(own.statusCode).toBe(204);
    expect(await flags(doctor.username, 'Doctor#Pass2')).toMatchObject({ isResetPasswordRequired: false });
  });
});

describe('the security form rules (spec 1 §5, shared by the web form)', () => {
  const empty = { newPassword: '', confirmPassword: '', question: '', answer: '' };
  const messages = (options: Parameters<typeof securityFormSchema>[0], value: typeof empty) => {
    const result = securityFormSchema(options).safeParse(value);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('requires matching passwords when a reset is required', () => {
    const options = { passwordRequired: true, questionRequired: false };
    expect(messages(options, empty)).toEqual([
      'newPassword: This field is required.',
      'confirmPassword: This field is required.',
    ]);
    expect(messages(options, { ...empty, newPassword: 'abcdefgh', confirmPassword: 'abcdefgx' })).toEqual([
      `confirmPassword: ${PASSWORDS_DO_NOT_MATCH_TEXT}`,
    ]);
    expect(messages(options, { ...empty, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual([]);
  });

  it('question and answer: both or neither; answer at least 6', () => {
    const options = { passwordRequired: false, questionRequired: false };
    expect(messages(options, empty)).toEqual([]);
    expect(messages(options, { ...empty, question: 'Q?' })).toEqual([
      `answer: ${BOTH_QUESTION_AND_REPLY_TEXT}`,
    ]);
    expect(messages(options, { ...empty, answer: 'long answer' })).toEqual([
      `question: ${BOTH_QUESTION_AND_REPLY_TEXT}`,
    ]);
    expect(messages(options, { ...empty, question: 'Q?', answer: 'short' })).toEqual([
      `answer: ${SECURITY_ANSWER_MIN_TEXT}`,
    ]);
    expect(messages({ passwordRequired: false, questionRequired: true }, empty)).toEqual([
      'question: This field is required.',
    ]);
  });
});
