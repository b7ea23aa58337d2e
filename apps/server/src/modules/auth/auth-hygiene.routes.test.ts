import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse, TwoFactorRequired } from '@app/contracts/auth';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/create-test-user.ts';
import { latestCode, passwordGrant, twoFactorGrant } from './auth-test-helpers.ts';

describe('what the logs never hold', () => {
  const stream = new PassThrough();
  let logs = '';
  stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps passwords, codes, tokens and query strings out of the logs at info level', async () => {
    const user = await createTestUser(t.context.db, { twoFactorRequired: true });
    const challenge = (await passwordGrant(t.app, user.username)).json<TwoFactorRequired>();
    const code = await latestCode(t.context.db, user.email ?? '');
    const tokens = (await twoFactorGrant(t.app, challenge.challenge_id, code)).json<TokenResponse>();
    await t.app.inject({
      method: 'GET',
      url: '/api/me?secret=query-value',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    await passwordGrant(t.app, user.username, 'Wrong#Password9');

    expect(logs).toContain('/oauth/v2/token');
    expect(logs).toContain('/api/me');
    for (const secret of [
      TEST_PASSWORD,
      'Wrong#Password9',
      code,
      tokens.access_token,
      tokens.refresh_token,
      'query-value',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});
