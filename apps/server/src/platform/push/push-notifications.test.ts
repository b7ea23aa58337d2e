import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/devices.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { browserSubscriptionKeys, decryptPush, startPushReceiver } from '../../test/push-receiver.ts';
import { loginTokens } from '../../modules/auth/auth-test-helpers.ts';
import { createPushNotifier, pushNotifierOf } from './push-notifications.ts';
import { createWebPushSender } from './push-sender.ts';
import { loadVapidKeys } from './vapid-keys.ts';

describe('Web Push: the public key and sending to a person’s browsers', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
  let notifier: ReturnType<typeof createPushNotifier>;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
    receiver = await startPushReceiver();
    // The app's own keys and the real Web Push sender; only the TLS trust is the test's (its
    // receiver's certificate is self-signed).
    const vapid = await loadVapidKeys(t.context.db, t.context.env);
    notifier = createPushNotifier(
      t.context,
      vapid,
      vapid ? createWebPushSender(vapid, { agent: receiver.agent }) : null,
    );
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  async function subscribedPerson(path: string) {
    const user = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, user.username);
    const keys = browserSubscriptionKeys();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/devices',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        deviceIdentifier: `browser-${user.id}`,
        deviceType: 'web',
        pushSubscription: {
          endpoint: `${receiver.url}${path}`,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        },
      },
    });
    expect(response.statusCode).toBe(201);
    return { user, keys, deviceId: response.json<{ deviceId: string }>().deviceId };
  }

  it('publishes a VAPID public key (generated once outside production) for browsers to subscribe with', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/public/push/public-key' });
    const second = await t.app.inject({ method: 'GET', url: '/public/push/public-key' });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(second.json()).toEqual({ publicKey });
    expect((await pushNotifierOf(t.context)).publicKey).toBe(publicKey);
  });

  it('delivers an encrypted, VAPID-signed push that the subscribed browser can decrypt', async () => {
    const { user, keys } = await subscribedPerson('/push/delivered');
    const payload = { title: 'Care Portal', body: 'You have a new message.', url: '/user/appointment' };
    const result = await notifier.sendToUser(user.id, payload);
    expect(result).toEqual({ delivered: 1, gone: 0, failed: 0 });

    const push = receiver.received.find((item) => item.path === '/push/delivered');
    expect(push).toBeDefined();
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(push?.headers.ttl).toBe(String(24 * 60 * 60));
    expect(push?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${notifier.publicKey ?? ''}$`),
    );
    // The body is ciphertext: the text itself never crosses the push service.
    expect(push?.body.toString('latin1')).not.toContain('new message');
    expect(JSON.parse(decryptPush(push?.body ?? Buffer.alloc(0), keys))).toEqual(payload);
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const { user, deviceId } = await subscribedPerson('/push/gone');
    receiver.answerWith(410);
    try {
      expect(await notifier.sendToUser(user.id, { title: 'x', body: 'y' })).toEqual({
        delivered: 0,
        gone: 1,
        failed: 0,
      });
    } finally {
      receiver.answerWith(201);
    }
    const [row] = await t.context.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(row?.pushEndpoint).toBeNull();
  });

  it('counts a refused push as failed and keeps the subscription for the next time', async () => {
    const { user, deviceId } = await subscribedPerson('/push/refused');
    receiver.answerWith(500);
    try {
      expect(await notifier.sendToUser(user.id, { title: 'x', body: 'y' })).toEqual({
        delivered: 0,
        gone: 0,
        failed: 1,
      });
    } finally {
      receiver.answerWith(201);
    }
    const [row] = await t.context.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(row?.pushEndpoint).not.toBeNull();
  });

  describe('in production without VAPID keys', () => {
    let production: TestApp;
    beforeAll(async () => {
      production = await buildTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    });
    afterAll(async () => {
      await production.close();
    });

    it('is off in production without VAPID keys: no public key, nothing sent', async () => {
      const response = await production.app.inject({ method: 'GET', url: '/public/push/public-key' });
      expect(response.json()).toEqual({ publicKey: null });
    });
  });
});
