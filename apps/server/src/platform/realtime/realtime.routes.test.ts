import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeTopic, REALTIME_MAX_MESSAGE_BYTES } from '@app/contracts/realtime';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../../modules/patients/patients-test-helpers.ts';
import { loginTokens } from '../../modules/auth/auth-test-helpers.ts';
import { REALTIME_LIMITS } from './realtime-connection.ts';
import { authenticatedWs as authenticated, connectWs as connect, ofType } from '../../test/ws-test-client.ts';

describe('realtime WebSocket', () => {
  let t: TestApp;
  let smith: TestProvider;
  let other: TestProvider;
  let patientToken: string;
  let patientId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    smith = await providerWithClinic(t, []);
    other = await providerWithClinic(t, []);
    const patient = await patientAt(t, [smith.clinicId]);
    patientId = patient.id;
    patientToken = (await loginTokens(t.app, patient.username)).access_token;
  });
  afterAll(() => t.close());

  it("delivers a clinic's events to its provider", async () => {
    const client = await authenticated(t, smith.token);
    const topic = realtimeTopic.clinic(smith.clinicId);
    client.send({ type: 'subscribe', topic });
    await client.next(ofType('subscribed'));
    await t.context.realtime.publish(topic, { type: 'waiting-room.changed', payload: { n: 1 } });
    expect(await client.next(ofType('event'))).toEqual({
      type: 'event',
      topic,
      event: { type: 'waiting-room.changed', payload: { n: 1 } },
    });
    client.socket.close();
  });

  it('refuses topics the caller may not watch', async () => {
    const provider = await authenticated(t, other.token);
    provider.send({ type: 'subscribe', topic: realtimeTopic.clinic(smith.clinicId) });
    expect(await provider.next(ofType('error'))).toMatchObject({ message: 'You may not watch this topic.' });
    provider.send({ type: 'subscribe', topic: realtimeTopic.user(patientId) });
    expect(await provider.next(ofType('error'))).toMatchObject({ topic: realtimeTopic.user(patientId) });
    provider.send({ type: 'subscribe', topic: realtimeTopic.room(patientId) });
    expect(await provider.next(ofType('error'))).toMatchObject({ topic: realtimeTopic.room(patientId) });

    const patient = await authenticated(t, patientToken);
    patient.send({ type: 'subscribe', topic: realtimeTopic.clinic(smith.clinicId) });
    expect(await patient.next(ofType('error'))).toMatchObject({ message: 'You may not watch this topic.' });
    patient.send({ type: 'subscribe', topic: realtimeTopic.user(patientId) });
    expect(await patient.next(ofType('subscribed'))).toEqual({
      type: 'subscribed',
      topic: realtimeTopic.user(patientId),
    });
    provider.socket.close();
    patient.socket.close();
  });

  it('closes a connection that subscribes before authenticating or shows a bad token', async () => {
    const early = await connect(t);
    early.send({ type: 'subscribe', topic: realtimeTopic.clinic(smith.clinicId) });
    expect((await early.closed).code).toBe(4401);
    const forged = await connect(t);
    forged.send({ type: 'auth', token: 'not-a-token' });
    expect((await forged.closed).code).toBe(4401);
  });

  it('answers garbage with an error and keeps the connection', async () => {
    const client = await authenticated(t, smith.token);
    client.send('{not json');
    expect(await client.next(ofType('error'))).toEqual({ type: 'error', message: 'Unreadable message.' });
    client.send({ type: 'subscribe', topic: 'clinic:../../etc' });
    expect(await client.next(ofType('error'))).toEqual({ type: 'error', message: 'Unreadable message.' });
    client.send({ type: 'ping' });
    expect(await client.next(ofType('pong'))).toEqual({ type: 'pong' });
    client.socket.close();
  });

  it('closes a flooding or oversized client and stays up for others', async () => {
    const flood = await authenticated(t, smith.token);
    for (let i = 0; i <= REALTIME_LIMITS.messagesPerWindow + 5; i += 1) {
      flood.send({ type: 'ping' });
    }
    expect((await flood.closed).code).toBe(1008);
    const big = await authenticated(t, smith.token);
    big.send('x'.repeat(REALTIME_MAX_MESSAGE_BYTES + 1));
    expect((await big.closed).code).toBe(1009);
    const healthy = await authenticated(t, smith.token);
    healthy.send({ type: 'ping' });
    expect(await healthy.next(ofType('pong'))).toEqual({ type: 'pong' });
    healthy.socket.close();
  });

  it("refuses another site's page (Origin check)", async () => {
    await expect(connect(t, { origin: 'https://evil.example', host: 'localhost:80' })).rejects.toThrow();
  });
});
