import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerify } from 'jose';
import { FEEDBACK_REDIRECT_NOT_ALLOWED_TEXT, type FeedbackSsoResponse } from '@app/contracts/sso';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { FEEDBACK_TOKEN_TTL_SECONDS } from './feedback-sso.service.ts';

const SECRET = 'feedback-secret-feedback-secret-feedback-secret';

function feedbackSso(app: TestApp['app'], accessToken: string | null, redirect?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/feedback-sso',
    query: redirect === undefined ? {} : { redirect },
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

describe('feedback portal (roadmap) single sign-on (spec 1 §2, decision 0011)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      FEEDBACK_SSO_URL: 'https://feedback.example.org/api/redirects/sso',
      FEEDBACK_PORTAL_URL: 'https://roadmap.example.org/',
      FEEDBACK_SSO_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("signs a short-lived token naming the provider and points at the portal's default address", async () => {
    const doctor = await createTestUser(t.context.db, { memberType: 'doctor' });
    const { access_token } = await loginTokens(t.app, doctor.username);
    const response = await feedbackSso(t.app, access_token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<FeedbackSsoResponse>();
    if (!body.configured) {
      throw new Error('expected a configured answer');
    }
    const url = new URL(body.url);
    expect(url.origin + url.pathname).toBe('https://feedback.example.org/api/redirects/sso');
    expect(url.searchParams.get('redirect')).toBe('https://roadmap.example.org/');
    const { payload } = await jwtVerify(
      url.searchParams.get('ssoToken') ?? '',
      new TextEncoder().encode(SECRET),
    );
    expect(payload).toMatchObject({ id: doctor.id, sub: doctor.id, email: doctor.email });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(FEEDBACK_TOKEN_TTL_SECONDS);
  });

  it('follows a redirect inside the feedback portal and refuses one outside it', async () => {
    const doctor = await createTestUser(t.context.db, { memberType: 'doctor' });
    const { access_token } = await loginTokens(t.app, doctor.username);
    const inside = await feedbackSso(t.app, access_token, 'https://roadmap.example.org/board/ideas');
    expect(inside.statusCode).toBe(200);
    const body = inside.json<FeedbackSsoResponse>();
    expect(body.configured && new URL(body.url).searchParams.get('redirect')).toBe(
      'https://roadmap.example.org/board/ideas',
    );
    for (const redirect of ['https://evil.example.com/', 'javascript:alert(1)', 'not a url']) {
      const outside = await feedbackSso(t.app, access_token, redirect);
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toMatchObject({ message: FEEDBACK_REDIRECT_NOT_ALLOWED_TEXT });
    }
  });

  it('is for providers only', async () => {
    expect((await feedbackSso(t.app, null)).statusCode).toBe(401);
    const patient = await createTestUser(t.context.db);
    const { access_token } = await loginTokens(t.app, patient.username);
    expect((await feedbackSso(t.app, access_token)).statusCode).toBe(403);
  });

  describe('without configuration', () => {
    let bare: TestApp;
    beforeAll(async () => {
      bare = await buildTestApp();
    });
    afterAll(async () => {
      await bare.close();
    });

    it('without configuration it says the roadmap is not configured', async () => {
      const doctor = await createTestUser(bare.context.db, { memberType: 'doctor' });
      const { access_token } = await loginTokens(bare.app, doctor.username);
      const response = await feedbackSso(bare.app, access_token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ configured: false });
    });
  });
});
