import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tokenResponseSchema } from '@app/contracts/auth';
import { FAMILY_MEMBERS_MAX, familyListResponseSchema } from '@app/contracts/family';
import { familyMembers } from '../../db/schema/family.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/create-test-user.ts';
import { loginTokens, PORTAL_CLIENT, refreshGrant } from '../auth/auth-test-helpers.ts';
import { bearer, providerWithClinic } from '../patients/patients-test-helpers.ts';

describe('family accounts (spec 3 §2, §4, §5, §7, §8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function patient() {
    const user = await createTestUser(t.context.db, { memberType: 'patient' });
    const tokens = await loginTokens(t.app, user.username);
    return { ...user, token: tokens.access_token, refresh: tokens.refresh_token };
  }
  const path = (userId: string) => `/api/users/${userId}/family/members`;
  const connect = (owner: { id: string; token: string }, username: string, rawPassword = TEST_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: path(owner.id),
      headers: bearer(owner.token),
      payload: { username, rawPassword },
    });
  const list = (owner: { id: string }, token: string) =>
    t.app.inject({ url: path(owner.id), headers: bearer(token) });
  const familyGrant = (token: string, familyUserId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: bearer(token),
      payload: { grant_type: 'family', client_id: PORTAL_CLIENT, family_user_id: familyUserId },
    });

  it('connects a member by their credentials, lists them and removes them with exactly the spec calls', async () => {
    const owner = await patient();
    const member = await patient();
    const connected = await connect(owner, member.username.toUpperCase());
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toEqual({ connected: true });
    const listed = familyListResponseSchema.parse((await list(owner, owner.token)).json());
    expect(listed.primaryUser).toMatchObject({ id: owner.id, username: owner.username });
    expect(listed.members).toEqual([
      expect.objectContaining({ userId: member.id, memberType: 'patient', memberId: member.memberId }),
    ]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${path(owner.id)}?familyUserId=${member.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(familyListResponseSchema.parse((await list(owner, owner.token)).json()).members).toEqual([]);
  });

  it('refuses connecting yourself, case-insensitively, and bad lengths, changing nothing', async () => {
    const owner = await patient();
    const self = await connect(owner, `  ${owner.username.toUpperCase()} `);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: 'You can not connect yourself' });
    const shortPassword = await connect(owner, 'someone', '12345');
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json<{ message: string }>().message).toMatch(/at least 6/);
    const longName = await connect(owner, 'x'.repeat(101));
    expect(longName.statusCode).toBe(400);
    const empty = await connect(owner, '');
    expect(empty.statusCode).toBe(400);
    const rows = await t.context.db
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.primaryUserId, owner.id));
    expect(rows).toEqual([]);
  });

  it('resolves a wrong password or unknown user to false and links nobody', async () => {
    const owner = await patient();
    const member = await patient();
    const wrong = await connect(owner, member.username, 'not-the-password');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ connected: false });
    const unknown = await connect(owner, 'nobody.at.all', TEST_PASSWORD);
    expect(unknown.json()).toEqual({ connected: false });
    const provider = await providerWithClinic(t, []);
    const doctor = await connect(owner, provider.username);
    expect(doctor.json()).toEqual({ connected: false });
    expect(familyListResponseSchema.parse((await list(owner, owner.token)).json()).members).toEqual([]);
  });

  it(`limits a family to ${FAMILY_MEMBERS_MAX} members`, async () => {
    const owner = await patient();
    const members = await Promise.all(
      Array.from({ length: FAMILY_MEMBERS_MAX + 1 }, () =>
        createTestUser(t.context.db, { memberType: 'patient' }),
      ),
    );
    for (const member of members.slice(0, FAMILY_MEMBERS_MAX)) {
      await t.context.db.insert(familyMembers).values({ primaryUserId: owner.id, memberUserId: member.id });
    }
    const last = members[FAMILY_MEMBERS_MAX];
    if (!last) {
      throw new Error('no member');
    }
    const over = await connect(owner, last.username);
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toMatch(/at most 10/);
  });

  it("hides another user's family (404), refuses providers (403) and refuses removing a stranger (404)", async () => {
    const owner = await patient();
    const member = await patient();
    const stranger = await patient();
    await connect(owner, member.username);
    expect((await list(owner, stranger.token)).statusCode).toBe(404);
    const strangerDelete = await t.app.inject({
      method: 'DELETE',
      url: `${path(owner.id)}?familyUserId=${member.id}`,
      headers: bearer(stranger.token),
    });
    expect(strangerDelete.statusCode).toBe(404);
    const strangerConnect = await t.app.inject({
      method: 'POST',
      url: path(owner.id),
      headers: bearer(stranger.token),
      payload: { username: member.username, rawPassword: TEST_PASSWORD },
    });
    expect(strangerConnect.statusCode).toBe(404);
    const provider = await providerWithClinic(t, ['PATIENT']);
    expect((await list(owner, provider.token)).statusCode).toBe(403);
    const notLinked = await t.app.inject({
      method: 'DELETE',
      url: `${path(owner.id)}?familyUserId=${stranger.id}`,
      headers: bearer(owner.token),
    });
    expect(notLinked.statusCode).toBe(404);
    const badQuery = await t.app.inject({
      method: 'DELETE',
      url: `${path(owner.id)}?familyUserId=nope`,
      headers: bearer(owner.token),
    });
    expect(badQuery.statusCode).toBe(400);
    expect((await t.app.inject({ url: path('not-a-uuid'), headers: bearer(owner.token) })).statusCode).toBe(
      400,
    );
  });

  it('switches to a member with the family grant; only the owner session may change the family', async () => {
    const owner = await patient();
    const member = await patient();
    await connect(owner, member.username);
    const switched = await familyGrant(owner.token, member.id);
    expect(switched.statusCode).toBe(200);
    const tokens = tokenResponseSchema.parse(switched.json());
    expect(tokens.user).toMatchObject({ id: member.id, role: 'user', familyPrimaryUserId: owner.id });
    // The member's session lists the primary user's family (to switch back) but cannot change it.
    expect((await list(owner, tokens.access_token)).statusCode).toBe(200);
    const memberDelete = await t.app.inject({
      method: 'DELETE',
      url: `${path(owner.id)}?familyUserId=${member.id}`,
      headers: bearer(tokens.access_token),
    });
    expect(memberDelete.statusCode).toBe(403);
    const memberConnect = await t.app.inject({
      method: 'POST',
      url: path(member.id),
      headers: bearer(tokens.access_token),
      payload: { username: owner.username, rawPassword: TEST_PASSWORD },
    });
    expect(memberConnect.statusCode).toBe(403);
    // A member session cannot switch on.
    expect((await familyGrant(tokens.access_token, member.id)).statusCode).toBe(400);
    // Refreshing keeps the family mark.
    const refreshed = tokenResponseSchema.parse((await refreshGrant(t.app, tokens.refresh_token)).json());
    expect(refreshed.user.familyPrimaryUserId).toBe(owner.id);
    // The member session ends with the owner's session.
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(owner.token) });
    expect((await t.app.inject({ url: '/api/me', headers: bearer(refreshed.access_token) })).statusCode).toBe(
      401,
    );
  });

  it('refuses the family grant for a user who is not a linked member, or without a token', async () => {
    const owner = await patient();
    const stranger = await patient();
    const refused = await familyGrant(owner.token, stranger.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'family', client_id: PORTAL_CLIENT, family_user_id: stranger.id },
    });
    expect(anonymous.statusCode).toBe(401);
    const provider = await providerWithClinic(t, ['PATIENT']);
    expect((await familyGrant(provider.token, stranger.id)).statusCode).toBe(400);
  });
});
