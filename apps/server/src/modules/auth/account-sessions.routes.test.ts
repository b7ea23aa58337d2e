import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SESSIONS_PATH, type AccountSession } from '@app/contracts/account-sessions';
import { familyMembers } from '../../db/schema/family.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/create-test-user.ts';
import { getMe, PORTAL_CLIENT, refreshGrant, type Tokens } from './auth-test-helpers.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';

describe('account sessions page (issue 19 item 10)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function login(username: string, userAgent: string, remoteAddress: string): Promise<Tokens> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      remoteAddress,
      headers: { 'user-agent': userAgent },
      payload: { grant_type: 'password', client_id: PORTAL_CLIENT, username, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Tokens>();
  }
  const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` });
  const list = (tokens: Tokens) => t.app.inject({ url: ACCOUNT_SESSIONS_PATH, headers: bearer(tokens) });
  const signOut = (tokens: Tokens, sessionId: string) =>
    t.app.inject({ method: 'DELETE', url: `${ACCOUNT_SESSIONS_PATH}/${sessionId}`, headers: bearer(tokens) });
  const signOutOthers = (tokens: Tokens) =>
    t.app.inject({
      method: 'POST',
      url: `${ACCOUNT_SESSIONS_PATH}/sign-out-others`,
      headers: bearer(tokens),
    });

  it("lists the user's own sessions with a readable device, the address at login and 'this device'", async () => {
    const user = await createTestUser(t.context.db);
    const stranger = await createTestUser(t.context.db);
    const phone = await login(user.username, ANDROID_CHROME, '198.51.100.7');
    t.advanceClock(60_000);
    const laptop = await login(user.username, MAC_FIREFOX, '203.0.113.5');
    await login(stranger.username, MAC_FIREFOX, '192.0.2.1');

    const response = await list(phone);
    expect(response.statusCode).toBe(200);
    const sessions = response.json<AccountSession[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          browser: 'Chrome',
          os: 'Android',
          clientAddress: '198.51.100.7',
          current: true,
        }),
        expect.objectContaining({
          browser: 'Firefox',
          os: 'macOS',
          clientAddress: '203.0.113.5',
          current: false,
        }),
      ]),
    );
    // Newest use first; the laptop's own list marks the laptop as this device.
    expect(sessions[0]?.browser).toBe('Firefox');
    const fromLaptop = (await list(laptop)).json<AccountSession[]>();
    expect(fromLaptop.find((session) => session.current)?.os).toBe('macOS');
    expect(fromLaptop.every((session) => typeof session.createdAt === 'string' && session.lastUsedAt)).toBe(
      true,
    );
  });

  it('signs one device out: its token and its refresh token stop working; the others go on', async () => {
    const user = await createTestUser(t.context.db);
    const phone = await login(user.username, ANDROID_CHROME, '198.51.100.7');
    const laptop = await login(user.username, MAC_FIREFOX, '203.0.113.5');
    const laptopSession = (await list(phone)).json<AccountSession[]>().find((session) => !session.current);
    expect(laptopSession).toBeDefined();

    expect((await signOut(phone, laptopSession?.id ?? '')).statusCode).toBe(204);
    expect((await getMe(t.app, laptop.access_token)).statusCode).toBe(401);
    expect((await refreshGrant(t.app, laptop.refresh_token)).statusCode).toBe(400);
    expect((await getMe(t.app, phone.access_token)).statusCode).toBe(200);
    expect((await list(phone)).json<AccountSession[]>()).toHaveLength(1);
    // Ending it again is a clear 404.
    expect((await signOut(phone, laptopSession?.id ?? '')).json()).toMatchObject({ code: 'not_found' });
  });

  it("cannot see or end another user's session, and refuses a malformed id with a 400", async () => {
    const user = await createTestUser(t.context.db);
    const victim = await createTestUser(t.context.db);
    const mine = await login(user.username, ANDROID_CHROME, '198.51.100.7');
    const theirs = await login(victim.username, MAC_FIREFOX, '203.0.113.5');
    const [victimSession] = (await list(theirs)).json<AccountSession[]>();
    expect((await list(mine)).json<AccountSession[]>().map((session) => session.id)).not.toContain(
      victimSession?.id,
    );

    const refused = await signOut(mine, victimSession?.id ?? '');
    expect(refused.statusCode).toBe(404);
    expect((await getMe(t.app, theirs.access_token)).statusCode).toBe(200);
    const malformed = await signOut(mine, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: expect.any(String) });
  });

  it('signs out everywhere else, keeping this device (patients and providers alike)', async () => {
    for (const memberType of ['patient', 'doctor'] as const) {
      const user = await createTestUser(t.context.db, { memberType });
      const here = await login(user.username, MAC_FIREFOX, '203.0.113.5');
      const others = [
        await login(user.username, ANDROID_CHROME, '198.51.100.7'),
        await login(user.username, ANDROID_CHROME, '198.51.100.8'),
      ];
      const response = await signOutOthers(here);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ signedOut: 2 });
      for (const other of others) {
        expect((await getMe(t.app, other.access_token)).statusCode).toBe(401);
      }
      expect((await getMe(t.app, here.access_token)).statusCode).toBe(200);
      expect((await list(here)).json<AccountSession[]>()).toEqual([
        expect.objectContaining({ current: true }),
      ]);
    }
  });

  it("keeps a family switch out of the member's devices, and lets only the account holder manage them", async () => {
    const owner = await createTestUser(t.context.db);
    const member = await createTestUser(t.context.db);
    await t.context.db.insert(familyMembers).values({ primaryUserId: owner.id, memberUserId: member.id });
    const ownerTokens = await login(owner.username, MAC_FIREFOX, '203.0.113.5');
    const memberTokens = await login(member.username, ANDROID_CHROME, '198.51.100.7');
    const switched = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: bearer(ownerTokens),
      payload: { grant_type: 'family', client_id: PORTAL_CLIENT, family_user_id: member.id },
    });
    expect(switched.statusCode).toBe(200);
    const switchedTokens = switched.json<Tokens>();

    expect((await list(memberTokens)).json<AccountSession[]>()).toHaveLength(1);
    const refused = await list(switchedTokens);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect((await signOutOthers(switchedTokens)).statusCode).toBe(403);
    expect((await getMe(t.app, memberTokens.access_token)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: ACCOUNT_SESSIONS_PATH })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `${ACCOUNT_SESSIONS_PATH}/sign-out-others` })).statusCode,
    ).toBe(401);
  });
});
