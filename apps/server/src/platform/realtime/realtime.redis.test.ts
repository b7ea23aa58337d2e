import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeTopic } from '@app/contracts/realtime';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { providerWithClinic } from '../../modules/patients/patients-test-helpers.ts';
import { authenticatedWs as authenticated, ofType } from '../../test/ws-test-client.ts';

// Two instances share their realtime events through Redis. Needs TEST_REDIS_URL: vitest.config.ts runs
// *.redis.test.ts only when it is set.

describe('realtime across instances through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? '';
    first = await buildTestApp({}, { redisUrl });
    second = await buildTestApp({}, { redisUrl });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('delivers events published on either instance to a client of the second', async () => {
    const provider = await providerWithClinic(second, []);
    const client = await authenticated(second, provider.token);
    const topic = realtimeTopic.clinic(provider.clinicId);
    client.send({ type: 'subscribe', topic });
    await client.next(ofType('subscribed'));
    // Redis confirms the SUBSCRIBE asynchronously; a ping round trip gives it time.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await first.context.realtime.publish(topic, { type: 'waiting-room.changed' });
    expect(await client.next(ofType('event'))).toMatchObject({ event: { type: 'waiting-room.changed' } });
    await second.context.realtime.publish(topic, { type: 'second' });
    expect(await client.next(ofType('event'))).toMatchObject({ event: { type: 'second' } });
    client.socket.close();
  });
});
