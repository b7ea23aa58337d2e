import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { createRealtimeHub } from '../../platform/realtime/realtime-hub.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { connectWs, ofType } from '../../test/ws-test-client.ts';
import { roomTokenOf, videoWorld } from './video-test-helpers.ts';

// Decision 0030: two instances of one deployment (one database, one Redis) carry one room: presence,
// signals and the end cross from one to the other. Needs TEST_REDIS_URL: vitest.config.ts runs
// *.redis.test.ts only when it is set.

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('a video room across two instances through Redis', () => {
  let first: TestApp;
  let second: { app: App; redis: Redis };

  beforeAll(async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? '';
    first = await buildTestApp({}, { redisUrl });
    // The second instance shares the first one's database, as instances of one deployment do.
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    const app = await buildApp({
      context: { ...first.context, redis, realtime: createRealtimeHub(redis) },
      logger: false,
      webDist: '/nonexistent-web-dist',
    });
    await app.ready();
    second = { app, redis };
  });
  afterAll(async () => {
    await second.app.close();
    await second.redis.quit();
    await first.close();
  });

  it('relays presence, signals and the end between the instances', async () => {
    const world = await videoWorld(first);
    const patient = await connectWs(first);
    patient.send({
      type: 'room.join',
      token: (await roomTokenOf(first, world.appointmentId, world.patientToken)).roomToken,
    });
    const patientJoined = await patient.next(ofType('room.joined'));
    await settle();

    const doctor = await connectWs({ ...first, app: second.app });
    doctor.send({
      type: 'room.join',
      token: (await roomTokenOf(first, world.appointmentId, world.doctorToken)).roomToken,
    });
    const doctorJoined = await doctor.next(ofType('room.joined'));
    expect(doctorJoined).toMatchObject({ participants: [{ participantId: patientJoined.participantId }] });
    expect(await patient.next(ofType('room.participant-joined'))).toMatchObject({
      participant: { participantId: doctorJoined.participantId },
    });
    await settle();

    const offer = { kind: 'description', type: 'offer', sdp: 'v=0\r\n' };
    doctor.send({ type: 'room.signal', to: patientJoined.participantId, signal: offer });
    expect(await patient.next(ofType('room.signal'))).toMatchObject({
      from: doctorJoined.participantId,
      signal: offer,
    });

    doctor.send({ type: 'room.end' });
    expect(await patient.next(ofType('room.ended'))).toEqual({ type: 'room.ended' });
    expect(await doctor.next(ofType('room.ended'))).toEqual({ type: 'room.ended' });
    patient.socket.close();
    doctor.socket.close();
  });
});
