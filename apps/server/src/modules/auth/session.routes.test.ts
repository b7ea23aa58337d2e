import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@app/contracts/auth';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@app/contracts/session';
import { EXPIRED_ACCESS_TOKEN_TEXT } from '@app/contracts/errors';
import { users } from '../../db/schema/accounts.ts';
import { refreshTokens, sessions } from '../../db/schema/auth.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../platform/auth/access-token.ts';
import { sha256 } from '../../platform/passwords.ts';
import {
  getMe,
  loginTokens,
  logoutRequest,
  PORTAL_CLIENT,
  refreshGrant,
  type Tokens,
} from './auth-test-helpers.ts';

/** The session id inside an access token (read, not verified: the tests only need to name it). */
function sessionIdOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sid: string;
  };
  return payload.sid;
}

describe('refresh tokens, logout and access-token checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Rate limits have their own tests; here they would only make the file's request count matter.
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const refresh = (refreshToken: string, clientId = PORTAL_CLIENT) =>
    refreshGrant(t.app, refreshToken, clientId);

  it('rotates the refresh token on every use, within the same session', async () => {
    const user = await createTestUser(t.context.db);
    const first = await loginTokens(t.app, user.username);
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    const rotated = second.json<TokenResponse>();
    expect(rotated).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: user.id, role: 'user' },
    });
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(sessionIdOf(rotated.access_token)).toBe(sessionIdOf(first.access_token));
    expect((await getMe(t.app, rotated.access_token)).statusCode).toBe(200);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(200);

    // Only hashes are stored, and the used one is marked.
    const stored = await t.context.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, sessionIdOf(first.access_token)));
    expect(stored).toHaveLength(3);
    expect(stored.map((row) => row.tokenHash)).not.toContain(first.refresh_token);
    expect(stored.find((row) => row.tokenHash === sha256(first.refresh_token))?.usedAt).not.toBeNull();
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

  it('revokes the family when the refresh token is used twice at once', async () => {
    const user = await createTestUser(t.context.db);
    const tokens = await loginTokens(t.app, user.username);
    const answers = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(1);
    const [session] = await t.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(tokens.access_token)));
    expect(session?.revokedReason).toBe('refresh-token-replay');
  });

  it('ends the sessions of an account that is closed', async () => {
    const user = await createTestUser(t.context.db);
    const tokens = await loginTokens(t.app, user.username);
    await t.context.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    expect((await getMe(t.app, tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('logout revokes the session server-side: access and refresh tokens stop working', async () => {
    const user = await createTestUser(t.context.db);
    const tokens = await loginTokens(t.app, user.username);
    const otherDevice = await loginTokens(t.app, user.username);
    const response = await logoutRequest(t.app, tokens.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'You have been logged out.' });
    const [session] = await t.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(tokens.access_token)));
    expect(session).toMatchObject({ revokedReason: 'logout', revokedAt: expect.any(Date) });

    const me = await getMe(t.app, tokens.access_token);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ message: 'Authentication is required.' });
    expect((await refresh(tokens.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await logoutRequest(t.app, tokens.access_token)).statusCode).toBe(401);
    // The same person's session on another device goes on.
    expect((await getMe(t.app, otherDevice.access_token)).statusCode).toBe(200);
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
      claims = { sub: user.id, sid: sessionIdOf(tokens.access_token), mt: 'patient' };
    });

    const sign = (options: {
      audience?: string;
      issuer?: string;
      typ?: string;
      alg?: string;
      expiresAt?: number;
      key?: Uint8Array;
      sub?: string;
    }) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid: claims.sid, mt: claims.mt })
        .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: options.typ ?? 'at+jwt' })
        .setSubject(options.sub ?? claims.sub)
        .setIssuer(options.issuer ?? ACCESS_TOKEN_ISSUER)
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

    it('wrong issuer', async () => {
      expect((await getMe(t.app, await sign({ issuer: 'someone-else' }))).statusCode).toBe(401);
    });

    it('an algorithm outside the allow-list, even with the right key', async () => {
      expect((await getMe(t.app, await sign({ alg: 'HS512' }))).statusCode).toBe(401);
    });

    it('a session that belongs to another person', async () => {
      const other = await createTestUser(t.context.db);
      expect((await getMe(t.app, await sign({ sub: other.id }))).statusCode).toBe(401);
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

    it('garbage, and other schemes than Bearer', async () => {
      expect((await getMe(t.app, 'not.a.jwt')).statusCode).toBe(401);
      expect((await getMe(t.app, 'x'.repeat(10_000))).statusCode).toBe(401);
      const basic = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Basic ${tokens.access_token}` },
      });
      expect(basic.statusCode).toBe(401);
    });
  });
});

describe('access and refresh tokens on the application clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('expires the access token after its lifetime; the refresh token then gets a new one', async () => {
    const user = await createTestUser(t.context.db);
    const tokens = await loginTokens(t.app, user.username);
    t.advanceClock(ACCESS_TOKEN_TTL_SECONDS * 1000 - 5000);
    expect((await getMe(t.app, tokens.access_token)).statusCode).toBe(200);

    t.advanceClock(6000);
    const expired = await getMe(t.app, tokens.access_token);
    expect(expired.statusCode).toBe(401);
    // spec 1 §8: the exact message the client refreshes on, without showing the banner.
    expect(expired.json()).toEqual({ message: EXPIRED_ACCESS_TOKEN_TEXT, code: 'token_expired' });

    const refreshed = await refreshGrant(t.app, tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect((await getMe(t.app, refreshed.json<Tokens>().access_token)).statusCode).toBe(200);
    const [session] = await t.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(tokens.access_token)));
    expect(session?.lastUsedAt.getTime()).toBeGreaterThan(session?.createdAt.getTime() ?? Infinity);
  });

  it('ends the session after the refresh lifetime', async () => {
    const user = await createTestUser(t.context.db);
    const tokens = await loginTokens(t.app, user.username);
    t.advanceClock(REFRESH_TOKEN_TTL_SECONDS * 1000 + 1000);
    const response = await refreshGrant(t.app, tokens.refresh_token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The session has ended. Please log in again.',
    });
  });
});
