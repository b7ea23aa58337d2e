import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@app/contracts/auth';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/create-test-user.ts';
import { passwordGrant } from './auth-test-helpers.ts';

// Several instances of one deployment share their counters through Redis (REDIS_URL). Needs
// TEST_REDIS_URL: vitest.config.ts runs *.redis.test.ts only when it is set (CI's PostgreSQL pass sets it).
describe('rate limits shared through Redis', () => {
  describe('per account', () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      const redisUrl = process.env.TEST_REDIS_URL ?? '';
      const limits = { AUTH_RATE_LIMIT_PER_ACCOUNT: 3, AUTH_RATE_LIMIT_PER_IP: 100 };
      first = await buildTestApp(limits, { redisUrl });
      second = await buildTestApp(limits, { redisUrl });
    });
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it('counts one account across two server instances', async () => {
      // Both instances must know the account; its name is unique so no earlier run's counter applies.
      const username = `shared.${randomBytes(6).toString('hex')}`;
      await createTestUser(first.context.db, { username });
      await createTestUser(second.context.db, { username });
      expect((await passwordGrant(first.app, username)).statusCode).toBe(200);
      expect((await passwordGrant(second.app, username)).statusCode).toBe(200);
      expect((await passwordGrant(first.app, username)).statusCode).toBe(200);
      expect((await passwordGrant(second.app, username)).statusCode).toBe(429);
    });
  });

  describe('per client address', () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      const redisUrl = process.env.TEST_REDIS_URL ?? '';
      const limits = { AUTH_RATE_LIMIT_PER_ACCOUNT: 100, AUTH_RATE_LIMIT_PER_IP: 4 };
      first = await buildTestApp(limits, { redisUrl });
      second = await buildTestApp(limits, { redisUrl });
    });
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it('counts one client address across two server instances, each request once', async () => {
      // An address of its own, so no earlier run's counter applies.
      const remoteAddress = `10.${[1, 2, 3].map(() => randomBytes(1)[0] ?? 0).join('.')}`;
      const user = await createTestUser(first.context.db);
      const login = await first.app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        remoteAddress,
        payload: {
          grant_type: 'password',
          client_id: '34',
          username: user.username,
          password: TEST_PASSWORD,
        },
      });
      let refreshToken = login.json<TokenResponse>().refresh_token;
      // A refresh names no account: it must cost one request of the address's allowance, not two.
      for (const app of [first.app, first.app, first.app]) {
        const response = await app.inject({
          method: 'POST',
          url: '/oauth/v2/token',
          remoteAddress,
          payload: { grant_type: 'refresh_token', client_id: '34', refresh_token: refreshToken },
        });
        expect(response.statusCode).toBe(200);
        refreshToken = response.json<TokenResponse>().refresh_token;
      }
      const limited = await second.app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        remoteAddress,
        payload: { grant_type: 'password', client_id: '34', username: 'anyone', password: 'x' },
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: 'slow_down' });
    });
  });
});
