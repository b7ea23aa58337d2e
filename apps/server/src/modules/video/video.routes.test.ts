import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoRoomTicketSchema } from '@app/contracts/video-call';
import { appointments } from '../../db/schema/scheduling.ts';
import { videoRoomInvitations, videoRooms } from '../../db/schema/video.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, providerWithClinic } from '../patients/patients-test-helpers.ts';
import { verifyRoomToken } from './room-token.ts';
import { inviteGuest, joinRoom, videoWorld, type VideoWorld } from './video-test-helpers.ts';
import { GUEST_NAME_REQUIRED_TEXT, ROOM_ENDED_TEXT } from './video.service.ts';

describe('video room tickets', () => {
  let t: TestApp;
  let world: VideoWorld;
  let other: VideoWorld;

  beforeAll(async () => {
    t = await buildTestApp();
    world = await videoWorld(t);
    other = await videoWorld(t);
  });
  afterAll(() => t.close());

  it("gives the appointment's patient a ticket inside the join window", async () => {
    const response = await joinRoom(t, world.appointmentId, world.patientToken);
    expect(response.statusCode).toBe(200);
    const ticket = videoRoomTicketSchema.parse(response.json());
    expect(ticket).toMatchObject({
      role: 'patient',
      displayName: `${world.patient.firstName} ${world.patient.lastName}`,
      iceServers: [],
      media: { width: 640, height: 360, frameRate: 24, codec: 'VP8' },
      endedAt: null,
      appointment: { id: world.appointmentId, patientBirthdate: null },
    });
    const claims = await verifyRoomToken(t.context.signingKey, ticket.roomToken, t.context.now());
    expect(claims).toMatchObject({
      appointmentId: world.appointmentId,
      clinicId: world.clinicId,
      participantId: ticket.participantId,
      role: 'patient',
      userId: world.patient.userId,
    });
  });

  it('refuses the patient before the window opens (spec 2 §6 allowVideoCall) with 404', async () => {
    const later = await videoWorld(t, 120);
    const response = await joinRoom(t, later.appointmentId, later.patientToken);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'video_call_not_open' });
    // The clinic's provider may always come in early.
    expect((await joinRoom(t, later.appointmentId, later.doctorToken)).statusCode).toBe(200);
  });

  it('gives the provider of the clinic a ticket with the birthdate', async () => {
    const response = await joinRoom(t, world.appointmentId, world.doctorToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'provider',
      displayName: `${world.doctor.firstName} ${world.doctor.lastName}`,
      appointment: { patientBirthdate: '1980-04-12' },
    });
    // No body at all is the same as an empty one.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/video-call/${world.appointmentId}/join`,
      headers: bearer(world.doctorToken),
    });
    expect(bare.statusCode).toBe(200);
  });

  it('answers 404 to the patient of another appointment, another clinic and unknown ids', async () => {
    expect((await joinRoom(t, world.appointmentId, other.patientToken)).statusCode).toBe(404);
    expect((await joinRoom(t, world.appointmentId, other.doctorToken)).statusCode).toBe(404);
    const stranger = await providerWithClinic(t, ['TELEHEALTH_WAITING_ROOM']);
    expect((await joinRoom(t, world.appointmentId, stranger.token)).statusCode).toBe(404);
    expect((await joinRoom(t, '00000000-0000-4000-8000-000000000000', world.doctorToken)).statusCode).toBe(
      404,
    );
    expect((await joinRoom(t, world.appointmentId, null)).statusCode).toBe(404);
  });

  it('answers 404 for an office visit, and opens the room once it is converted to telehealth', async () => {
    const office = await videoWorld(t);
    await t.context.db
      .update(appointments)
      .set({ type: 'office' })
      .where(eq(appointments.id, office.appointmentId));
    expect((await joinRoom(t, office.appointmentId, office.patientToken)).statusCode).toBe(404);
    expect((await joinRoom(t, office.appointmentId, office.doctorToken)).statusCode).toBe(404);
    await t.context.db
      .update(appointments)
      .set({ type: 'video_call' })
      .where(eq(appointments.id, office.appointmentId));
    expect((await joinRoom(t, office.appointmentId, office.patientToken)).statusCode).toBe(200);
  });

  it('lets a guest with a live invitation in, by name, without a login', async () => {
    const uuid = await inviteGuest(t, world);
    const missingName = await joinRoom(t, world.appointmentId, null, { uuid });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json()).toMatchObject({
      message: GUEST_NAME_REQUIRED_TEXT,
      errors: [{ field: 'displayName' }],
    });
    const response = await joinRoom(t, world.appointmentId, null, { uuid, displayName: 'Interpreter Ida' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'guest', displayName: 'Interpreter Ida' });
    // The link is for this room only.
    expect(
      (await joinRoom(t, other.appointmentId, null, { uuid, displayName: 'Interpreter Ida' })).statusCode,
    ).toBe(404);
    // Revoked or expired: as if there were none.
    await t.context.db
      .update(videoRoomInvitations)
      .set({ revokedAt: new Date() })
      .where(eq(videoRoomInvitations.uuid, uuid));
    expect((await joinRoom(t, world.appointmentId, null, { uuid, displayName: 'Ida' })).statusCode).toBe(404);
    const expired = await inviteGuest(t, world);
    await t.context.db
      .update(videoRoomInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(videoRoomInvitations.uuid, expired));
    expect(
      (await joinRoom(t, world.appointmentId, null, { uuid: expired, displayName: 'Ida' })).statusCode,
    ).toBe(404);
  });

  it('creates public links for the clinic only, valid until an hour after the finish', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${world.clinicId}/video-call/${world.appointmentId}/invitations`,
      headers: bearer(world.doctorToken),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ uuid: string; link: string; expiresAt: string }>();
    expect(body.link).toMatch(new RegExp(`/provider/video-call/${world.appointmentId}\\?uuid=${body.uuid}$`));
    const [row] = await t.context.db
      .select({ finishAt: appointments.finishAt })
      .from(appointments)
      .where(eq(appointments.id, world.appointmentId));
    expect(new Date(body.expiresAt).getTime()).toBe((row?.finishAt.getTime() ?? 0) + 60 * 60_000);
    // Another clinic's appointment through one's own clinic: 404; another clinic's id: 404 (access rule).
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${world.clinicId}/video-call/${other.appointmentId}/invitations`,
      headers: bearer(world.doctorToken),
    });
    expect(foreign.statusCode).toBe(404);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${world.clinicId}/video-call/${world.appointmentId}/invitations`,
      headers: bearer(other.doctorToken),
    });
    expect(stranger.statusCode).toBe(404);
    const patient = await t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${world.clinicId}/video-call/${world.appointmentId}/invitations`,
      headers: bearer(world.patientToken),
    });
    expect(patient.statusCode).toBe(403);
  });

  it('answers 409 once the visit was ended', async () => {
    const ended = await videoWorld(t);
    await t.context.db
      .insert(videoRooms)
      .values({ appointmentId: ended.appointmentId, startedAt: new Date(), endedAt: new Date() });
    const response = await joinRoom(t, ended.appointmentId, ended.patientToken);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'room_ended', message: ROOM_ENDED_TEXT });
    expect((await joinRoom(t, ended.appointmentId, ended.doctorToken)).statusCode).toBe(409);
  });

  it('refuses a room token as an API access token', async () => {
    const ticket = (await joinRoom(t, world.appointmentId, world.patientToken)).json<{ roomToken: string }>();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/appointments',
      headers: bearer(ticket.roomToken),
    });
    expect(response.statusCode).toBe(401);
  });
});
