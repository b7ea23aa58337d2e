import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/contracts/session';
import { EXPIRED_ACCESS_TOKEN_TEXT } from '@app/contracts/errors';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../platform/auth/access-token.ts';
import { getMe, loginTokens, PORTAL_CLIENT, tokenRequest, type Tokens } from './auth-test-helpers.ts';

describe('refresh tokens, logout and access-token checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const refresh = (refreshToken: string, clientId = PORTAL_CLIENT) =>
    tokenRequest(t.app, { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });

  it('rotates the refresh token on every use', async () => {
    const user = await createTestUser(t.context.db);
    const first = await loginTokens(t.app, user.username);
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated = second.json<Tokens>();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect((await getMe(t.app, rotated.access_token)).statusCode).toBe(200);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token is replayed', async () => {
    const user = await createTestUser(t.context.db);
    const first = await loginTokens(t.app, user.username);
    const rotated = (await refresh(first.refresh_token)).json<Tokens>();

    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    // The legitimate holder's newer tokens die with the family.
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(400);
    expect((await getMe(t.app, rotated.access_token)).statusCode).toBe(401);
  });

  it('refuses a refresh token from another client and an unknown one', async () => {
    const user = await createTestUser(t.context.db);
    const tokens = await loginTokens(t.app, user.username);
    expect((await refresh(tokens.refresh_token, '70')).statusCode).toBe(400);
    expect((await refresh('not-a-token')).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('logout revokes the session server-side: access and refresh tokens stop working', async () => {
    const user = await createTestUser(t.context.db);
    const tokens = await loginTokens(t.app, user.username);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.statusCode).toBe(200);
    expect((await getMe(t.app, tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400);
  });

  it('requires a token on authenticated routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Authentication is required.' });
  });

  describe('refuses forged and stale access tokens', () => {
    let user: Awaited<ReturnType<typeof createTestUser>>;
    let tokens: Tokens;
    let claims: { sub: string; sid: string; mt: string };
    beforeAll(async () => {
      user = await createTestUser(t.context.db);
      tokens = await loginTokens(t.app, user.username);
      const payload = JSON.parse(
        Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString(),
      ) as {
        sid: string;
      };
      claims = { sub: user.id, sid: payload.sid, mt: 'patient' };
    });

    const sign = (options: { audience?: string; typ?: string; expiresAt?: number; key?: Uint8Array }) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid: claims.sid, mt: claims.mt })
        .setProtectedHeader({ alg: 'HS256', typ: options.typ ?? 'at+jwt' })
        .setSubject(claims.sub)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(options.audience ?? ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(options.expiresAt ?? now + 60)
        .sign(options.key ?? t.context.signingKey);
    };

    it('accepts a token signed the way the server signs (the control case)', async () => {
      expect((await getMe(t.app, await sign({}))).statusCode).toBe(200);
    });

    it('alg none', async () => {
      const unsigned = new UnsecuredJWT({ sid: claims.sid, mt: claims.mt })
        .setSubject(claims.sub)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setExpirationTime('1m')
        .encode();
      expect((await getMe(t.app, unsigned)).statusCode).toBe(401);
    });

    it('wrong audience', async () => {
      expect((await getMe(t.app, await sign({ audience: 'another-api' }))).statusCode).toBe(401);
    });

    it('wrong token type', async () => {
      expect((await getMe(t.app, await sign({ typ: 'JWT' }))).statusCode).toBe(401);
    });

    it('another key', async () => {
      const key = new TextEncoder().encode('x'.repeat(48));
      expect((await getMe(t.app, await sign({ key }))).statusCode).toBe(401);
    });

    it('tampered payload', async () => {
      const [header, payload, signature] = tokens.access_token.split('.');
      const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
        string,
        unknown
      >;
      forged.mt = 'doctor';
      const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
      expect((await getMe(t.app, tampered)).statusCode).toBe(401);
    });

    it('expired, with the message the client refreshes on (spec 1 §8)', async () => {
      const expired = await sign({ expiresAt: Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS });
      const response = await getMe(t.app, expired);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: EXPIRED_ACCESS_TOKEN_TEXT });
    });

    it('garbage', async () => {
      expect((await getMe(t.app, 'not.a.jwt')).statusCode).toBe(401);
    });
  });
});
