import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@app/contracts/errors';
import { SIGN_UP_MESSAGES, SIGN_UP_PATHS } from '@app/contracts/sign-up-texts';
import { users } from '../../db/schema/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import type * as SignUpRepository from './sign-up.repository.ts';

// The race the username check inside the create's transaction cannot see on its own: another create
// of the same username commits between the check and the insert. Played here by a check that misses
// it, so the unique index is what answers (decision 0010).
vi.mock('./sign-up.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof SignUpRepository>();
  return { ...original, usernameTaken: vi.fn(() => Promise.resolve(false)) };
});

describe('sign-up create losing a username race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SIGN_UP_RATE_LIMIT_PER_IP: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the username error from the unique index, not a 500, and writes nothing', async () => {
    const existing = await createTestUser(t.context.db, { username: `Race.Winner.${Date.now()}` });
    const before = await t.context.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const response = await t.app.inject({
      method: 'POST',
      url: SIGN_UP_PATHS.create,
      payload: {
        firstName: 'Maria',
        lastName: 'Racer',
        email: 'maria.racer@example.com',
        mobilePhone: '',
        birthdate: '1990-05-17',
        gender: 'female',
        username: existing.username.toLowerCase(),
        password: 'Sign#Up2026',
        terms: true,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toEqual({
      message: SIGN_UP_MESSAGES.usernameExists,
      code: 'username_exists',
      errors: [{ detail: SIGN_UP_MESSAGES.usernameExists, field: 'username' }],
    });
    const after = await t.context.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});
