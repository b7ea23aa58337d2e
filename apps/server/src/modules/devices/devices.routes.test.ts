import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@app/contracts/auth';
import { DEVICE_NOT_FOUND_TEXT } from '@app/contracts/devices';
import { devices } from '../../db/schema/devices.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/create-test-user.ts';
import { setPassword } from '../accounts/account-security.service.ts';
import { getMe, loginTokens, PORTAL_CLIENT, tokenRequest } from '../auth/auth-test-helpers.ts';
import { INVALID_TICKET_TEXT } from './device-ticket-login.ts';
import { DEVICE_TICKET_TTL_MS, MAX_DEVICES_PER_USER } from './devices.service.ts';

const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'AAAAAAAAAAAAAAAAAAAAAA';

let counter = 0;
function identifier(): string {
  counter += 1;
  return `browser-${Date.now().toString(36)}-${counter}`;
}

describe('devices (spec 1 §3 Device, §4 device registration, §7 device calls)', () => {
  let t: TestApp;
  let patient: { id: string; token: string };
  let other: { id: string; token: string };

  async function person(memberType: 'patient' | 'doctor' = 'patient') {
    const user = await createTestUser(t.context.db, { memberType });
    const tokens = await loginTokens(t.app, user.username);
    return { id: user.id, token: tokens.access_token };
  }

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    patient = await person();
    other = await person();
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const read = (token: string, deviceIdentifier: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/device?${new URLSearchParams({ deviceIdentifier }).toString()}`,
      headers: auth(token),
    });
  const create = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/devices',
      headers: auth(token),
      payload: payload as object,
    });
  const update = (token: string, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/devices/${id}`,
      headers: auth(token),
      payload: payload as object,
    });
  const ticketOf = (token: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/user/device/${id}/ticket`, headers: auth(token) });
  const ticketLogin = (body: Record<string, string>) =>
    tokenRequest(t.app, { grant_type: 'ticket', client_id: PORTAL_CLIENT, ...body });

  async function registered(token: string, extra: Record<string, unknown> = {}) {
    const deviceIdentifier = identifier();
    const response = await create(token, { deviceIdentifier, deviceType: 'web', ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return { deviceIdentifier, deviceId: response.json<{ deviceId: string }>().deviceId };
  }

  it('reads an unknown identifier as 404, so the client creates the device; then reads its id', async () => {
    const deviceIdentifier = identifier();
    const missing = await read(patient.token, deviceIdentifier);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: DEVICE_NOT_FOUND_TEXT });

    const created = await create(patient.token, { deviceIdentifier, deviceType: 'web' });
    expect(created.statusCode).toBe(201);
    const { deviceId } = created.json<{ deviceId: string }>();

    const found = await read(patient.token, deviceIdentifier);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ deviceId });
  });

  it('creating an identifier the person already registered updates that device (two tabs racing)', async () => {
    const { deviceIdentifier, deviceId } = await registered(patient.token);
    const again = await create(patient.token, {
      deviceIdentifier,
      deviceType: 'android',
      deviceToken: 'fcm-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ deviceId });
    const [row] = await t.context.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(row).toMatchObject({ deviceType: 'android', deviceToken: 'fcm-1' });
  });

  it("keeps each person's devices apart: another user's device is never found, updated or ticketed", async () => {
    const { deviceIdentifier, deviceId } = await registered(patient.token);
    expect((await read(other.token, deviceIdentifier)).statusCode).toBe(404);

    const foreignUpdate = await update(other.token, deviceId, { deviceIdentifier, deviceType: 'ios' });
    expect(foreignUpdate.statusCode).toBe(404);
    expect((await ticketOf(other.token, deviceId)).statusCode).toBe(404);
    const [row] = await t.context.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(row).toMatchObject({ userId: patient.id, deviceType: 'web', ticketHash: null });

    // The same browser used by the other person becomes a device of their own.
    const theirs = await create(other.token, { deviceIdentifier, deviceType: 'web' });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<{ deviceId: string }>().deviceId).not.toBe(deviceId);
  });

  it('updates a device with PUT and stores its push subscription', async () => {
    const { deviceIdentifier, deviceId } = await registered(patient.token);
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: P256DH, auth: AUTH },
    };
    const response = await update(patient.token, deviceId, {
      deviceIdentifier,
      deviceType: 'web',
      pushSubscription: subscription,
    });
    expect(response.statusCode).toBe(204);
    const [row] = await t.context.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(row).toMatchObject({ pushEndpoint: subscription.endpoint, pushP256dh: P256DH, pushAuth: AUTH });
  });

  it('registers a returning browser in one call: the same device, its new push subscription (issue 18)', async () => {
    // The web client no longer reads first (a 404 there was a console error on every first login).
    const { deviceIdentifier, deviceId } = await registered(patient.token);
    const subscription = {
      endpoint: `https://fcm.googleapis.com/fcm/send/again-${identifier()}`,
      keys: { p256dh: P256DH, auth: AUTH },
    };
    const again = await create(patient.token, {
      deviceIdentifier,
      deviceType: 'web',
      pushSubscription: subscription,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ deviceId });
    const rows = await t.context.db
      .select()
      .from(devices)
      .where(eq(devices.deviceIdentifier, deviceIdentifier));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: deviceId, pushEndpoint: subscription.endpoint, pushP256dh: P256DH });
  });

  it('gives a browser subscription to whoever registered it last (shared computer)', async () => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/shared-${identifier()}`;
    const pushSubscription = { endpoint, keys: { p256dh: P256DH, auth: AUTH } };
    const first = await registered(patient.token, { pushSubscription });
    const second = await registered(other.token, { pushSubscription });
    const [a] = await t.context.db.select().from(devices).where(eq(devices.id, first.deviceId));
    const [b] = await t.context.db.select().from(devices).where(eq(devices.id, second.deviceId));
    expect(a?.pushEndpoint).toBeNull();
    expect(b?.pushEndpoint).toBe(endpoint);
  });

  it('answers bad input with a 4xx in the one error shape and stores nothing', async () => {
    const before = await t.context.db.select().from(devices).where(eq(devices.userId, patient.id));
    const badBodies: unknown[] = [
      {},
      { deviceIdentifier: identifier() },
      { deviceIdentifier: identifier(), deviceType: 'Web' },
      { deviceIdentifier: 'short', deviceType: 'web' },
      { deviceIdentifier: 'has spaces in it', deviceType: 'web' },
      { deviceIdentifier: identifier(), deviceType: 'web', extra: true },
      { deviceIdentifier: identifier(), deviceType: 'web', pushSubscription: { endpoint: 'not a url' } },
      // The server would POST to these: only known push services (and loopback outside production).
      {
        deviceIdentifier: identifier(),
        deviceType: 'web',
        pushSubscription: { endpoint: 'https://evil.example.com/x', keys: { p256dh: P256DH, auth: AUTH } },
      },
      {
        deviceIdentifier: identifier(),
        deviceType: 'web',
        pushSubscription: {
          endpoint: 'https://169.254.169.254/latest',
          keys: { p256dh: P256DH, auth: AUTH },
        },
      },
      {
        deviceIdentifier: identifier(),
        deviceType: 'web',
        pushSubscription: {
          endpoint: 'https://fcm.googleapis.com.evil.example/x',
          keys: { p256dh: P256DH, auth: AUTH },
        },
      },
    ];
    for (const body of badBodies) {
      const response = await create(patient.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json<{ message: unknown }>().message).toBe('string');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/device', headers: auth(patient.token) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await update(patient.token, 'not-a-uuid', { deviceIdentifier: identifier(), deviceType: 'web' }))
        .statusCode,
    ).toBe(400);
    expect((await ticketOf(patient.token, 'not-a-uuid')).statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/user/devices',
      headers: { ...auth(patient.token), 'content-type': 'application/json' },
      payload: '{"deviceIdentifier":',
    });
    expect(text.statusCode).toBe(400);
    const after = await t.context.db.select().from(devices).where(eq(devices.userId, patient.id));
    expect(after.length).toBe(before.length);
  });

  it('requires a login for every device call', async () => {
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/user/device?deviceIdentifier=browser-12345678' }),
      t.app.inject({
        method: 'POST',
        url: '/api/user/devices',
        payload: { deviceIdentifier: identifier(), deviceType: 'web' },
      }),
      t.app.inject({
        method: 'PUT',
        url: `/api/user/devices/${crypto.randomUUID()}`,
        payload: { deviceIdentifier: identifier(), deviceType: 'web' },
      }),
      t.app.inject({ method: 'POST', url: `/api/user/device/${crypto.randomUUID()}/ticket` }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
    }
  });

  it('keeps the most recently used devices of a person only', async () => {
    const person1 = await person();
    const first = await registered(person1.token);
    for (let index = 0; index < MAX_DEVICES_PER_USER; index += 1) {
      t.advanceClock(1000);
      await registered(person1.token);
    }
    const rows = await t.context.db.select().from(devices).where(eq(devices.userId, person1.id));
    expect(rows.length).toBe(MAX_DEVICES_PER_USER);
    expect(rows.some((row) => row.id === first.deviceId)).toBe(false);
  });

  describe('device ticket and the ticket login (memberType, id, pushId, ticket)', () => {
    it('issues a long random ticket once, stores only its hash, and logs in as the device owner', async () => {
      const { deviceIdentifier, deviceId } = await registered(patient.token);
      const response = await ticketOf(patient.token, deviceId);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { ticket } = response.json<{ ticket: string }>();
      expect(ticket).toMatch(/^[\w-]{43}$/);
      const [row] = await t.context.db.select().from(devices).where(eq(devices.id, deviceId));
      expect(row?.ticketHash).not.toBeNull();
      expect(row?.ticketHash).not.toBe(ticket);

      const login = await ticketLogin({
        member_type: 'patient',
        id: patient.id,
        push_id: deviceIdentifier,
        ticket,
      });
      expect(login.statusCode).toBe(200);
      const tokens = login.json<TokenResponse>();
      expect(tokens.user).toMatchObject({ id: patient.id, memberType: 'patient', role: 'user' });
      const me = await getMe(t.app, tokens.access_token);
      expect(me.json()).toMatchObject({ id: patient.id });
    });

    it('works once: a used ticket is refused', async () => {
      const { deviceIdentifier, deviceId } = await registered(patient.token);
      const { ticket } = (await ticketOf(patient.token, deviceId)).json<{ ticket: string }>();
      const grant = { member_type: 'patient', id: patient.id, push_id: deviceIdentifier, ticket };
      expect((await ticketLogin(grant)).statusCode).toBe(200);
      const again = await ticketLogin(grant);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_TICKET_TEXT });
    });

    it('rotates: a new ticket request makes the previous ticket useless', async () => {
      const { deviceIdentifier, deviceId } = await registered(patient.token);
      const first = (await ticketOf(patient.token, deviceId)).json<{ ticket: string }>().ticket;
      const second = (await ticketOf(patient.token, deviceId)).json<{ ticket: string }>().ticket;
      expect(second).not.toBe(first);
      const base = { member_type: 'patient', id: patient.id, push_id: deviceIdentifier };
      expect((await ticketLogin({ ...base, ticket: first })).statusCode).toBe(400);
      expect((await ticketLogin({ ...base, ticket: second })).statusCode).toBe(200);
    });

    it('refuses a wrong ticket, a wrong owner, push id or member type, and an expired ticket alike', async () => {
      const { deviceIdentifier, deviceId } = await registered(patient.token);
      const fresh = async () => (await ticketOf(patient.token, deviceId)).json<{ ticket: string }>().ticket;
      const base = { member_type: 'patient', id: patient.id, push_id: deviceIdentifier };
      const refusals = [
        await ticketLogin({ ...base, ticket: 'x'.repeat(43) }),
        await ticketLogin({ ...base, id: other.id, ticket: await fresh() }),
        await ticketLogin({ ...base, push_id: 'another-browser', ticket: await fresh() }),
        await ticketLogin({ ...base, member_type: 'doctor', ticket: await fresh() }),
      ];
      const expiring = await fresh();
      t.advanceClock(DEVICE_TICKET_TTL_MS + 1000);
      refusals.push(await ticketLogin({ ...base, ticket: expiring }));
      for (const response of refusals) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_TICKET_TEXT });
      }
    });

    it('answers malformed ticket grants with 400', async () => {
      for (const body of <Record<string, string>[]>[
        {},
        { member_type: 'nurse', id: patient.id, push_id: 'p', ticket: 't' },
        { member_type: 'patient', id: 'not-a-uuid', push_id: 'p', ticket: 't' },
        { member_type: 'patient', id: patient.id, push_id: '', ticket: 't' },
        { member_type: 'patient', id: patient.id, push_id: 'p', ticket: 'y'.repeat(300) },
      ]) {
        const response = await ticketLogin(body);
        expect(response.statusCode).toBe(400);
        expect(response.json<{ error: string }>().error).toBeTruthy();
      }
    });

    it('ends every ticket of the person when their password changes', async () => {
      // A person of its own: the expiry test before moved the clock past the file's first logins.
      const owner = await person();
      const { deviceIdentifier, deviceId } = await registered(owner.token);
      const { ticket } = (await ticketOf(owner.token, deviceId)).json<{ ticket: string }>();
      await setPassword(t.context.db, owner.id, TEST_PASSWORD, t.context.now());
      const login = await ticketLogin({
        member_type: 'patient',
        id: owner.id,
        push_id: deviceIdentifier,
        ticket,
      });
      expect(login.statusCode).toBe(400);
    });

    it('logs a provider in by ticket as a provider', async () => {
      const doctor = await person('doctor');
      const { deviceIdentifier, deviceId } = await registered(doctor.token);
      const { ticket } = (await ticketOf(doctor.token, deviceId)).json<{ ticket: string }>();
      const login = await ticketLogin({
        member_type: 'doctor',
        id: doctor.id,
        push_id: deviceIdentifier,
        ticket,
      });
      expect(login.statusCode).toBe(200);
      expect(login.json<TokenResponse>().user).toMatchObject({ id: doctor.id, role: 'provider' });
    });
  });
});
