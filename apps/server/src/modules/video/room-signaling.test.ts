import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeTopic, REALTIME_MAX_MESSAGE_BYTES } from '@app/contracts/realtime';
import { ROOM_TOKEN_TTL_SECONDS, VIDEO_MAX_PARTICIPANTS } from '@app/contracts/video-call';
import { appointments } from '../../db/schema/scheduling.ts';
import { videoChatMessages, videoRoomParticipants } from '../../db/schema/video.ts';
import { REALTIME_LIMITS } from '../../platform/realtime/realtime-connection.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { connectWs, ofType, type WsTestClient } from '../../test/ws-test-client.ts';
import { bearer, providerWithClinic } from '../patients/patients-test-helpers.ts';
import { CLOSE_REPLACED } from './room-signaling.ts';
import { signRoomToken } from './room-token.ts';
import { inviteGuest, joinRoom, roomTokenOf, videoWorld, type VideoWorld } from './video-test-helpers.ts';

// Issue 7 signaling over the realtime socket (decision 0030), with real `ws` clients.

const offer = { kind: 'description', type: 'offer', sdp: 'v=0\r\n' };

interface Joined {
  client: WsTestClient;
  participantId: string;
  joined: Record<string, unknown>;
}

describe('video room signaling', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Opens a socket, sends `room.join` first (no `auth`) and waits for the answer. */
  async function enter(token: string): Promise<Joined> {
    const client = await connectWs(t);
    client.send({ type: 'room.join', token });
    const joined = await client.next((m) => m.type === 'room.joined' || m.type === 'room.error');
    client.label = `${String(joined.type)} ${String(joined.participantId)}`;
    return { client, participantId: String(joined.participantId), joined };
  }

  async function enterAs(world: VideoWorld, who: 'patient' | 'doctor'): Promise<Joined> {
    const ticket = await roomTokenOf(
      t,
      world.appointmentId,
      who === 'patient' ? world.patientToken : world.doctorToken,
    );
    return enter(ticket.roomToken);
  }

  async function enterAsGuest(world: VideoWorld, uuid: string, name: string): Promise<Joined> {
    return enter((await roomTokenOf(t, world.appointmentId, null, { uuid, displayName: name })).roomToken);
  }

  async function scheduleStatus(world: VideoWorld): Promise<unknown> {
    // The visit's own date in its clinic's zone, not today's: a visit made at 23:59 is asked for on its
    // day even when the question comes after midnight (the suite failed so at that hour).
    const [visit] = await t.context.db
      .select({ startAt: appointments.startAt })
      .from(appointments)
      .where(eq(appointments.id, world.appointmentId));
    const date = DateTime.fromJSDate(visit?.startAt ?? t.context.now())
      .setZone('America/New_York')
      .toISODate();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/provider/clinics/${world.clinicId}/schedule?date=${date}`,
      headers: bearer(world.doctorToken),
    });
    const rows = response.json<{ appointments: { appointmentId: string; videoCallStatus: unknown }[] }>();
    return rows.appointments.find((row) => row.appointmentId === world.appointmentId)?.videoCallStatus;
  }

  it('lets two participants in with presence both ways, and relays a signal to its target only', async () => {
    const world = await videoWorld(t);
    const patient = await enterAs(world, 'patient');
    expect(patient.joined).toMatchObject({ type: 'room.joined', participants: [], chat: [] });
    const doctor = await enterAs(world, 'doctor');
    expect(doctor.joined).toMatchObject({
      participants: [{ participantId: patient.participantId, role: 'patient' }],
    });
    expect(await patient.client.next(ofType('room.participant-joined'))).toMatchObject({
      participant: { participantId: doctor.participantId, role: 'provider' },
    });
    const guest = await enterAsGuest(world, await inviteGuest(t, world), 'Ida');
    await patient.client.next(ofType('room.participant-joined'));
    await doctor.client.next(ofType('room.participant-joined'));

    doctor.client.send({ type: 'room.signal', to: patient.participantId, signal: offer });
    expect(await patient.client.next(ofType('room.signal'))).toEqual({
      type: 'room.signal',
      from: doctor.participantId,
      signal: offer,
    });
    // A round trip on the guest's socket: anything for it would have arrived before the pong.
    guest.client.send({ type: 'ping' });
    await guest.client.next(ofType('pong'));
    expect(guest.client.unread().filter(ofType('room.signal'))).toEqual([]);

    doctor.client.send({ type: 'room.media', media: { camera: false, microphone: true, screen: false } });
    expect(await patient.client.next(ofType('room.media'))).toEqual({
      type: 'room.media',
      participantId: doctor.participantId,
      media: { camera: false, microphone: true, screen: false },
    });
    for (const joined of [patient, doctor, guest]) {
      joined.client.socket.close();
    }
  });

  it('persists the chat, delivers it to everyone and hands it to later joiners', async () => {
    const world = await videoWorld(t);
    const patient = await enterAs(world, 'patient');
    const doctor = await enterAs(world, 'doctor');
    patient.client.send({ type: 'room.chat', text: '  Can you hear me?  ' });
    const delivered = await doctor.client.next(ofType('room.chat'));
    expect(delivered).toMatchObject({
      message: { participantId: patient.participantId, text: 'Can you hear me?' },
    });
    expect(await patient.client.next(ofType('room.chat'))).toEqual(delivered);
    const saved = await t.context.db
      .select()
      .from(videoChatMessages)
      .where(eq(videoChatMessages.appointmentId, world.appointmentId));
    expect(saved.map((row) => row.text)).toEqual(['Can you hear me?']);
    doctor.client.socket.close();
    const again = await enterAs(world, 'doctor');
    expect(again.joined).toMatchObject({ chat: [{ text: 'Can you hear me?' }] });
    const transcript = await t.app.inject({
      method: 'GET',
      url: `/api/provider/clinics/${world.clinicId}/video-call/${world.appointmentId}/chat`,
      headers: bearer(world.doctorToken),
    });
    expect(transcript.json()).toMatchObject({ messages: [{ text: 'Can you hear me?' }] });
    patient.client.socket.close();
    again.client.socket.close();
  });

  it('lets only the provider end the visit, for everyone', async () => {
    const world = await videoWorld(t);
    const patient = await enterAs(world, 'patient');
    const doctor = await enterAs(world, 'doctor');
    const patientTicket = await roomTokenOf(t, world.appointmentId, world.patientToken);
    patient.client.send({ type: 'room.end' });
    expect(await patient.client.next(ofType('room.error'))).toMatchObject({ code: 'not_allowed' });
    doctor.client.send({ type: 'room.end' });
    expect(await patient.client.next(ofType('room.ended'))).toEqual({ type: 'room.ended' });
    expect(await doctor.client.next(ofType('room.ended'))).toEqual({ type: 'room.ended' });
    const present = await t.context.db
      .select()
      .from(videoRoomParticipants)
      .where(eq(videoRoomParticipants.appointmentId, world.appointmentId));
    expect(present.every((row) => row.leftAt !== null)).toBe(true);
    expect(await scheduleStatus(world)).toBe('ended');
    // Nobody comes back in: no new ticket, and a ticket issued before the end is refused too.
    expect((await joinRoom(t, world.appointmentId, world.doctorToken)).statusCode).toBe(409);
    const late = await enter(patientTicket.roomToken);
    expect(late.joined).toMatchObject({ type: 'room.error', code: 'room_ended' });
    for (const joined of [patient, doctor, late]) {
      joined.client.socket.close();
    }
  });

  it(`refuses a participant beyond ${VIDEO_MAX_PARTICIPANTS} with room_full`, async () => {
    const world = await videoWorld(t);
    const uuid = await inviteGuest(t, world);
    const inside = [
      await enterAs(world, 'patient'),
      await enterAs(world, 'doctor'),
      await enterAsGuest(world, uuid, 'Guest One'),
      await enterAsGuest(world, uuid, 'Guest Two'),
    ];
    const fifth = await enterAsGuest(world, uuid, 'Guest Three');
    expect(fifth.joined).toMatchObject({ type: 'room.error', code: 'room_full' });
    // The same person joining again takes their own place instead of a new one.
    const doctorAgain = await enterAs(world, 'doctor');
    expect(doctorAgain.joined).toMatchObject({ type: 'room.joined' });
    for (const joined of [...inside, fifth, doctorAgain]) {
      joined.client.socket.close();
    }
  });

  it('refuses an expired token with 20104 and forged, access and other-room tokens with 20156 (spec 3 §8)', async () => {
    const world = await videoWorld(t);
    const other = await videoWorld(t);
    const expired = await signRoomToken(
      t.context.signingKey,
      {
        appointmentId: world.appointmentId,
        clinicId: world.clinicId,
        participantId: crypto.randomUUID(),
        displayName: 'Old',
        role: 'provider',
        userId: world.doctor.userId,
      },
      new Date(Date.now() - 3_600_000),
    );
    const late = await enter(expired.token);
    expect(late.joined).toMatchObject({ type: 'room.error', code: '20104' });
    late.client.socket.close();
    // The same token signed with another key (a server that restarted with a new key) is no expiry.
    const foreign = await signRoomToken(
      new Uint8Array(32).fill(7),
      {
        appointmentId: world.appointmentId,
        clinicId: world.clinicId,
        participantId: crypto.randomUUID(),
        displayName: 'Other key',
        role: 'provider',
        userId: world.doctor.userId,
      },
      new Date(Date.now() - 3_600_000),
    );
    for (const token of ['not-a-token', world.doctorToken, foreign.token]) {
      const refused = await enter(token);
      expect(refused.joined).toMatchObject({ type: 'room.error', code: '20156' });
      refused.client.socket.close();
    }
    const doctor = await enterAs(world, 'doctor');
    doctor.client.send({
      type: 'room.join',
      token: (await roomTokenOf(t, other.appointmentId, other.doctorToken)).roomToken,
    });
    expect(await doctor.client.next(ofType('room.error'))).toMatchObject({ code: '20156' });
    doctor.client.socket.close();
  });

  it('a ticket kept past its life is refused with 20104; the reloaded ticket joins (spec 3 §8)', async () => {
    const world = await videoWorld(t);
    const kept = await roomTokenOf(t, world.appointmentId, world.patientToken);
    const first = await enter(kept.roomToken);
    expect(first.joined).toMatchObject({ type: 'room.joined' });
    first.client.socket.close();
    // The connection was lost for longer than the token lives; re-joining with it is refused.
    t.advanceClock((ROOM_TOKEN_TTL_SECONDS + 1) * 1000);
    const again = await enter(kept.roomToken);
    expect(again.joined).toMatchObject({ type: 'room.error', code: '20104' });
    // Nothing changed in the room: a fresh ticket (the appointment reloaded) enters as before.
    const reloaded = await enter((await roomTokenOf(t, world.appointmentId, world.patientToken)).roomToken);
    expect(reloaded.joined).toMatchObject({ type: 'room.joined' });
    again.client.socket.close();
    reloaded.client.socket.close();
  });

  it('refuses signals before joining and to someone not in the room', async () => {
    const world = await videoWorld(t);
    const early = await connectWs(t);
    early.send({ type: 'room.signal', to: crypto.randomUUID(), signal: offer });
    expect(await early.next(ofType('room.error'))).toMatchObject({ code: 'not_joined' });
    early.send({ type: 'room.chat', text: 'hello?' });
    expect(await early.next(ofType('room.error'))).toMatchObject({ code: 'not_joined' });
    const doctor = await enterAs(world, 'doctor');
    doctor.client.send({ type: 'room.signal', to: crypto.randomUUID(), signal: offer });
    expect(await doctor.client.next(ofType('room.error'))).toMatchObject({ code: 'not_joined' });
    // A participant of another room is not reachable from this one.
    const other = await videoWorld(t);
    const stranger = await enterAs(other, 'doctor');
    doctor.client.send({ type: 'room.signal', to: stranger.participantId, signal: offer });
    expect(await doctor.client.next(ofType('room.error'))).toMatchObject({ code: 'not_joined' });
    for (const client of [early, doctor.client, stranger.client]) {
      client.socket.close();
    }
  });

  it('survives malformed, oversized and flooding room clients; the next one still joins', async () => {
    const world = await videoWorld(t);
    const garbage = await connectWs(t);
    garbage.send('{"type":"room.join"');
    expect(await garbage.next(ofType('error'))).toEqual({ type: 'error', message: 'Unreadable message.' });
    garbage.send({
      type: 'room.signal',
      to: 'nobody',
      signal: { kind: 'description', type: 'offer', sdp: 1 },
    });
    expect(await garbage.next(ofType('error'))).toEqual({ type: 'error', message: 'Unreadable message.' });
    garbage.send({ type: 'room.join', token: 'x'.repeat(5000) });
    expect(await garbage.next(ofType('error'))).toEqual({ type: 'error', message: 'Unreadable message.' });
    garbage.socket.close();

    const big = await enterAs(world, 'patient');
    big.client.send({
      type: 'room.signal',
      to: big.participantId,
      signal: { kind: 'description', type: 'offer', sdp: 'x'.repeat(REALTIME_MAX_MESSAGE_BYTES) },
    });
    expect((await big.client.closed).code).toBe(1009);

    const flood = await enterAs(world, 'doctor');
    for (let i = 0; i <= REALTIME_LIMITS.messagesPerWindow + 5; i += 1) {
      flood.client.send({ type: 'room.signal', to: flood.participantId, signal: offer });
    }
    expect((await flood.client.closed).code).toBe(1008);

    const healthy = await enterAs(world, 'patient');
    expect(healthy.joined).toMatchObject({ type: 'room.joined' });
    healthy.client.socket.close();
  });

  it('lets the patient and the clinic watch room:{id} over their normal socket, not a stranger', async () => {
    const world = await videoWorld(t);
    const topic = realtimeTopic.room(world.appointmentId);
    const stranger = await providerWithClinic(t, ['TELEHEALTH_WAITING_ROOM']);
    const other = await videoWorld(t);
    for (const token of [stranger.token, other.patientToken]) {
      const client = await connectWs(t);
      client.send({ type: 'auth', token });
      await client.next(ofType('ready'));
      client.send({ type: 'subscribe', topic });
      expect(await client.next(ofType('error'))).toMatchObject({
        message: 'You may not watch this topic.',
        topic,
      });
      client.socket.close();
    }
    const patientPage = await connectWs(t);
    patientPage.send({ type: 'auth', token: world.patientToken });
    await patientPage.next(ofType('ready'));
    patientPage.send({ type: 'subscribe', topic });
    await patientPage.next(ofType('subscribed'));
    const doctor = await enterAs(world, 'doctor');
    expect(await patientPage.next(ofType('event'))).toMatchObject({
      topic,
      event: { type: 'room.participant-joined', payload: { participant: { role: 'provider' } } },
    });
    // Signals are never published on the room topic.
    expect(patientPage.unread().filter((m) => JSON.stringify(m).includes('room.signal'))).toEqual([]);
    doctor.client.socket.close();
    patientPage.socket.close();
  });

  it('moves videoCallStatus through patient-waiting, in-call and patient-left, with a clinic hint each time', async () => {
    const world = await videoWorld(t);
    const clinic = await connectWs(t);
    clinic.send({ type: 'auth', token: world.doctorToken });
    await clinic.next(ofType('ready'));
    clinic.send({ type: 'subscribe', topic: realtimeTopic.clinic(world.clinicId) });
    await clinic.next(ofType('subscribed'));
    const hint = () =>
      clinic.next((m) => m.type === 'event' && JSON.stringify(m).includes('waiting-room.changed'));

    expect(await scheduleStatus(world)).toBeNull();
    const patient = await enterAs(world, 'patient');
    await hint();
    expect(await scheduleStatus(world)).toBe('patient-waiting');
    const doctor = await enterAs(world, 'doctor');
    await hint();
    expect(await scheduleStatus(world)).toBe('in-call');
    // A network loss (terminate: no closing handshake). The in-memory socket of injectWS does not
    // report a clean client close to the server, so every test that needs the server to notice
    // a departure uses terminate().
    patient.client.socket.terminate();
    // The drop is noticed at once: the others hear the patient left and the status follows.
    expect(await doctor.client.next(ofType('room.participant-left'))).toEqual({
      type: 'room.participant-left',
      participantId: patient.participantId,
    });
    await hint();
    expect(await scheduleStatus(world)).toBe('patient-left');
    // Back with a fresh ticket after the network loss.
    const back = await enterAs(world, 'patient');
    expect(back.joined).toMatchObject({ participants: [{ participantId: doctor.participantId }] });
    expect(await scheduleStatus(world)).toBe('in-call');
    back.client.send({ type: 'room.leave' });
    await doctor.client.next(ofType('room.participant-left'));
    expect(await scheduleStatus(world)).toBe('patient-left');
    for (const client of [back.client, doctor.client, clinic]) {
      client.socket.close();
    }
  });

  it('replaces an older socket of the same person, and takes a re-join with the same ticket', async () => {
    const world = await videoWorld(t);
    const doctor = await enterAs(world, 'doctor');
    const first = await enterAs(world, 'patient');
    await doctor.client.next(ofType('room.participant-joined'));
    const second = await enterAs(world, 'patient');
    expect(second.joined).toMatchObject({ participants: [{ participantId: doctor.participantId }] });
    expect((await first.client.closed).code).toBe(CLOSE_REPLACED);
    expect(await doctor.client.next(ofType('room.participant-left'))).toMatchObject({
      participantId: first.participantId,
    });
    expect(await doctor.client.next(ofType('room.participant-joined'))).toMatchObject({
      participant: { participantId: second.participantId },
    });

    // The same ticket again (its token is good for re-joining while it lives): the old socket steps aside.
    const ticket = await roomTokenOf(t, world.appointmentId, world.patientToken);
    const third = await enter(ticket.roomToken);
    await doctor.client.next((m) => m.type === 'room.participant-joined');
    const fourth = await enter(ticket.roomToken);
    expect(fourth.joined).toMatchObject({ type: 'room.joined', participantId: ticket.participantId });
    expect((await third.client.closed).code).toBe(CLOSE_REPLACED);
    const rows = await t.context.db
      .select()
      .from(videoRoomParticipants)
      .where(and(eq(videoRoomParticipants.id, ticket.participantId)));
    expect(rows[0]?.leftAt).toBeNull();
    // The old socket's late close leaves the new one in the room.
    fourth.client.send({ type: 'room.chat', text: 'still here' });
    expect(await doctor.client.next(ofType('room.chat'))).toMatchObject({ message: { text: 'still here' } });
    fourth.client.socket.close();
    doctor.client.socket.close();
  });
});
