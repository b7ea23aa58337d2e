import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutboxListSchema } from '@app/contracts/dev-outbox';
import type { FixtureVideoWorldResponse } from '@app/contracts/video-fixtures';
import { VOICE_CALL_TEXTS, voiceCallSchema, type VoiceCall } from '@app/contracts/voice-calls';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { patientDemographics } from '../../db/schema/demographics.ts';
import { voiceCalls } from '../../db/schema/voice-calls.ts';
import type { TelephonyAdapter } from '../../platform/telephony/telephony-adapter.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/create-test-user.ts';
import { connectWs, ofType } from '../../test/ws-test-client.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../patients/patients-test-helpers.ts';
import { roomTokenOf } from '../video/video-test-helpers.ts';
import { resetTelephonyForTests, setTelephonyForTests } from './voice-calls.service.ts';

// Issue 17 item 4 (decision 0043): every rule of the outbound dialer through the real routes.

const MOBILE = '+12125550147';
const HOME = '+12125550199';

async function countCalls(t: TestApp): Promise<number> {
  const [row] = await t.context.db.select({ n: count() }).from(voiceCalls);
  return row?.n ?? 0;
}

async function enableCalling(t: TestApp, clinicId: string, modules: string[] = ['OUTBOUND_CALLING']) {
  await t.context.db.update(clinics).set({ modules }).where(eq(clinics.id, clinicId));
}

describe('voice calls (outbound dialer)', () => {
  let t: TestApp;
  let doctor: TestProvider;
  let patientId: string;
  let patientToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    doctor = await providerWithClinic(t, ['APPOINTMENTS', 'PATIENT']);
    await enableCalling(t, doctor.clinicId);
    const patient = await patientAt(t, [doctor.clinicId], { mobilePhone: MOBILE });
    patientId = patient.id;
    await t.context.db.insert(patientDemographics).values({ userId: patient.id, homePhone: HOME });
    patientToken = (await loginTokens(t.app, patient.username)).access_token;
  });
  afterAll(() => t.close());

  const place = (token: string, clinicId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${clinicId}/voice-calls`,
      headers: bearer(token),
      payload,
    });
  const end = (token: string, clinicId: string, callId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${clinicId}/voice-calls/${callId}/end`,
      headers: bearer(token),
    });
  const list = (token: string, clinicId: string, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/provider/clinics/${clinicId}/voice-calls?${query}`,
      headers: bearer(token),
    });

  async function videoWorld(): Promise<FixtureVideoWorldResponse & { doctorToken: string }> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/video/world',
      payload: {
        name: `vc${randomBytes(4).toString('hex')}`,
        password: TEST_PASSWORD,
        extraModules: ['OUTBOUND_CALLING'],
        patientMobilePhone: '(212) 555-0123',
      },
    });
    expect(response.statusCode).toBe(201);
    const world = response.json<FixtureVideoWorldResponse>();
    return { ...world, doctorToken: (await loginTokens(t.app, world.doctor.username)).access_token };
  }

  it("calls the patient's mobile from the patient row, records it in the outbox, and hangs up", async () => {
    const placed = await place(doctor.token, doctor.clinicId, { patientId });
    expect(placed.statusCode).toBe(201);
    const call = voiceCallSchema.parse(placed.json());
    expect(call).toMatchObject({
      patientId,
      appointmentId: null,
      phoneSuffix: '0147',
      status: 'in-progress',
      endedReason: null,
    });
    // The full number never travels back to the browser.
    expect(placed.body).not.toContain('5550147');

    const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${MOBILE}&format=json` });
    expect(devOutboxListSchema.parse(outbox.json())[0]).toMatchObject({
      channel: 'voice',
      recipient: MOBILE,
      purpose: 'outbound-call',
      status: 'sent',
    });
    const page = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${MOBILE}&format=html` });
    expect(page.body).toContain('<td data-label="Channel">Voice call</td>');

    // One live call per patient and provider.
    const twice = await place(doctor.token, doctor.clinicId, { patientId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: VOICE_CALL_TEXTS.alreadyCalling });

    const listed = await list(doctor.token, doctor.clinicId, `patientId=${patientId}`);
    expect(listed.json<{ calls: VoiceCall[] }>().calls.map((item) => item.id)).toContain(call.id);

    const hungUp = await end(doctor.token, doctor.clinicId, call.id);
    expect(hungUp.statusCode).toBe(200);
    expect(hungUp.json()).toMatchObject({ status: 'ended', endedReason: 'provider' });
    const again = await end(doctor.token, doctor.clinicId, call.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: VOICE_CALL_TEXTS.alreadyEnded });
  });

  it("dials one of the patient's own numbers on request, and refuses any other number", async () => {
    const home = await place(doctor.token, doctor.clinicId, { patientId, phone: '(212) 555-0199' });
    expect(home.statusCode).toBe(201);
    expect(home.json()).toMatchObject({ phoneSuffix: '0199' });
    await end(doctor.token, doctor.clinicId, home.json<VoiceCall>().id);

    const before = await countCalls(t);
    const stranger = await place(doctor.token, doctor.clinicId, { patientId, phone: '+12015550123' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ message: VOICE_CALL_TEXTS.notPatientsNumber });
    expect(await countCalls(t)).toBe(before);
  });

  it('answers bad input with a 4xx and writes nothing', async () => {
    const before = await countCalls(t);
    const noPhone = await patientAt(t, [doctor.clinicId]);
    const cases: [object, number][] = [
      [{}, 400],
      [{ patientId, appointmentId: patientId }, 400],
      [{ patientId: 'not-a-uuid' }, 400],
      [{ patientId, extra: true }, 400],
      [{ patientId, phone: '' }, 400],
      [{ patientId: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f' }, 404],
      [{ appointmentId: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f' }, 404],
      [{ patientId: noPhone.id }, 409],
    ];
    for (const [payload, status] of cases) {
      const response = await place(doctor.token, doctor.clinicId, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status });
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await end(doctor.token, doctor.clinicId, 'nope')).statusCode).toBe(400);
    expect(
      (await end(doctor.token, doctor.clinicId, '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f')).statusCode,
    ).toBe(404);
    expect((await list(doctor.token, doctor.clinicId, '')).statusCode).toBe(400);
    expect(await countCalls(t)).toBe(before);
  });

  it('refuses patients (403): only providers change voice calls', async () => {
    const placed = await place(doctor.token, doctor.clinicId, { patientId });
    const call = placed.json<VoiceCall>();
    expect((await place(patientToken, doctor.clinicId, { patientId })).statusCode).toBe(403);
    expect((await end(patientToken, doctor.clinicId, call.id)).statusCode).toBe(403);
    expect((await list(patientToken, doctor.clinicId, `patientId=${patientId}`)).statusCode).toBe(403);
    await end(doctor.token, doctor.clinicId, call.id);
  });

  it('refuses another clinic: its patients, its calls and its clinic id', async () => {
    const placed = await place(doctor.token, doctor.clinicId, { patientId });
    const call = placed.json<VoiceCall>();
    const other = await providerWithClinic(t, ['APPOINTMENTS', 'PATIENT']);
    await enableCalling(t, other.clinicId);
    const before = await countCalls(t);
    // The other clinic's provider, in their own clinic, names our patient and our call: not found.
    expect((await place(other.token, other.clinicId, { patientId })).statusCode).toBe(404);
    expect((await end(other.token, other.clinicId, call.id)).statusCode).toBe(404);
    expect((await list(other.token, other.clinicId, `patientId=${patientId}`)).json()).toEqual({ calls: [] });
    // ... and in our clinic, which is not theirs.
    expect((await place(other.token, doctor.clinicId, { patientId })).statusCode).toBe(404);
    expect(await countCalls(t)).toBe(before);
    await end(doctor.token, doctor.clinicId, call.id);
  });

  it('is off where the clinic module is off (403 module_inactive)', async () => {
    const off = await providerWithClinic(t, ['APPOINTMENTS', 'PATIENT']);
    const offPatient = await patientAt(t, [off.clinicId], { mobilePhone: MOBILE });
    const response = await place(off.token, off.clinicId, { patientId: offPatient.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'module_inactive' });
    // The workspace tells the web app the module is off, so the dialer is not shown.
    const workspace = await t.app.inject({
      method: 'GET',
      url: '/api/provider/workspace',
      headers: bearer(off.token),
    });
    const clinicsOf = workspace.json<{ clinics: { id: string; modules: string[] }[] }>().clinics;
    expect(clinicsOf.find((clinic) => clinic.id === off.clinicId)?.modules).not.toContain('OUTBOUND_CALLING');
  });

  it('needs PATIENT in that very clinic, not in another one', async () => {
    // PATIENT in their own clinic, only APPOINTMENTS in ours.
    const visitor = await createTestUser(t.context.db, { memberType: 'doctor', permissions: ['PATIENT'] });
    await t.context.db
      .insert(providers)
      .values({ userId: visitor.id, clinicId: doctor.clinicId, permissions: ['APPOINTMENTS'] });
    const token = (await loginTokens(t.app, visitor.username)).access_token;
    const response = await place(token, doctor.clinicId, { patientId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: VOICE_CALL_TEXTS.noPermission });
    // Without PATIENT anywhere the route's rule refuses before anything else.
    const limited = await providerWithClinic(t, ['APPOINTMENTS']);
    await enableCalling(t, limited.clinicId);
    expect((await place(limited.token, limited.clinicId, { patientId })).statusCode).toBe(403);
  });

  it("ends the visit's voice calls when the provider ends its video call, and takes no new ones", async () => {
    const world = await videoWorld();
    const placed = await place(world.doctorToken, world.clinicId, { appointmentId: world.appointmentId });
    expect(placed.statusCode).toBe(201);
    const visitCall = placed.json<VoiceCall>();
    expect(visitCall).toMatchObject({
      appointmentId: world.appointmentId,
      patientId: world.patient.userId,
      phoneSuffix: '0123',
      status: 'in-progress',
    });
    // A call to the same patient from the row (no visit) is not the visit's and stays live.
    const rowCall = await place(doctor.token, doctor.clinicId, { patientId });
    expect(rowCall.statusCode).toBe(201);

    const ticket = await roomTokenOf(t, world.appointmentId, world.doctorToken);
    const socket = await connectWs(t);
    socket.send({ type: 'room.join', token: ticket.roomToken });
    await socket.next(ofType('room.joined'));
    socket.send({ type: 'room.end' });
    await socket.next(ofType('room.ended'));
    socket.socket.close();

    const calls = await list(world.doctorToken, world.clinicId, `appointmentId=${world.appointmentId}`);
    expect(calls.json<{ calls: VoiceCall[] }>().calls).toEqual([
      expect.objectContaining({ id: visitCall.id, status: 'ended', endedReason: 'video-ended' }),
    ]);
    const [row] = await t.context.db.select().from(voiceCalls).where(eq(voiceCalls.id, visitCall.id));
    expect(row?.endedByUserId).toBe(world.doctor.userId);
    expect(row?.endedAt).not.toBeNull();
    const rowCallNow = await list(doctor.token, doctor.clinicId, `patientId=${patientId}`);
    expect(rowCallNow.json<{ calls: VoiceCall[] }>().calls[0]).toMatchObject({ status: 'in-progress' });
    await end(doctor.token, doctor.clinicId, rowCall.json<VoiceCall>().id);

    const late = await place(world.doctorToken, world.clinicId, { appointmentId: world.appointmentId });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: VOICE_CALL_TEXTS.visitEnded });
  });

  it('marks the call failed and answers 502 when the telephony provider refuses it', async () => {
    const failing: TelephonyAdapter = {
      name: 'failing',
      placeCall: () => Promise.reject(new Error('Telephony provider answered HTTP 500')),
      hangUp: () => Promise.resolve(),
    };
    setTelephonyForTests(t.context, failing);
    try {
      const response = await place(doctor.token, doctor.clinicId, { patientId });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ message: VOICE_CALL_TEXTS.providerFailed });
      const calls = await list(doctor.token, doctor.clinicId, `patientId=${patientId}`);
      expect(calls.json<{ calls: VoiceCall[] }>().calls[0]).toMatchObject({
        status: 'failed',
        endedReason: 'failed',
      });
    } finally {
      // Back to the environment's default on next use.
      resetTelephonyForTests(t.context);
    }
  });
});

describe('voice calls in production without a telephony provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
  });
  afterAll(() => t.close());

  it('answers 503 with a clear message and records nothing', async () => {
    const doctor = await providerWithClinic(t, ['PATIENT']);
    await enableCalling(t, doctor.clinicId);
    const patient = await patientAt(t, [doctor.clinicId], { mobilePhone: MOBILE });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${doctor.clinicId}/voice-calls`,
      headers: bearer(doctor.token),
      payload: { patientId: patient.id },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      message: VOICE_CALL_TEXTS.notConfigured,
      code: 'telephony_not_configured',
    });
    expect(await countCalls(t)).toBe(0);
  });
});
