import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { getMe, loginTokens } from '../auth/auth-test-helpers.ts';

describe('communication language (spec 1 §3 user record, §4, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (token: string | null, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}/communication-language`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as object,
    });

  async function person(memberType: 'patient' | 'doctor' = 'patient') {
    const user = await createTestUser(t.context.db, { memberType });
    const { access_token: token } = await loginTokens(t.app, user.username);
    return { id: user.id, token };
  }

  it('is en by default and changes on PATCH; the user record carries it as communicationLanguage.isoCode', async () => {
    const me = await person();
    expect((await getMe(t.app, me.token)).json()).toMatchObject({ communicationLanguage: { isoCode: 'en' } });
    const response = await patch(me.token, me.id, { language: 'es' });
    expect(response.statusCode).toBe(204);
    expect((await getMe(t.app, me.token)).json()).toMatchObject({ communicationLanguage: { isoCode: 'es' } });
  });

  it('lets providers set theirs too', async () => {
    const doctor = await person('doctor');
    expect((await patch(doctor.token, doctor.id, { language: 'es' })).statusCode).toBe(204);
    expect((await getMe(t.app, doctor.token)).json()).toMatchObject({
      communicationLanguage: { isoCode: 'es' },
    });
  });

  it("never changes someone else's language", async () => {
    const me = await person();
    const other = await person();
    const response = await patch(me.token, other.id, { language: 'es' });
    expect(response.statusCode).toBe(403);
    const [row] = await t.context.db.select().from(users).where(eq(users.id, other.id));
    expect(row?.communicationLanguage).toBe('en');
    expect((await patch(null, me.id, { language: 'es' })).statusCode).toBe(401);
  });

  it('refuses unknown ISO codes and malformed input with 400 and changes nothing', async () => {
    const me = await person();
    for (const body of [
      { language: 'fr' },
      { language: 'ES' },
      { language: '' },
      {},
      { language: 'es', extra: 1 },
      { language: 7 },
    ]) {
      const response = await patch(me.token, me.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json<{ message: unknown }>().message).toBe('string');
    }
    expect((await patch(me.token, 'not-a-uuid', { language: 'es' })).statusCode).toBe(400);
    const [row] = await t.context.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.communicationLanguage).toBe('en');
  });
});
