import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  providerAppointmentSchema,
  scheduleResponseSchema,
  waitingRoomResponseSchema,
} from '@app/contracts/provider-schedule';
import type { ProviderPermission } from '@app/contracts/roles';
import { checkIns } from '../../db/schema/check-in.ts';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { walkIns } from '../../db/schema/provider-visits.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens, PORTAL_CLIENT, tokenRequest } from '../auth/auth-test-helpers.ts';
import { issueQuickLink } from '../quick-links/quick-links.service.ts';
import { realtimeTopic } from '@app/contracts/realtime';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { bearer, providerWithClinic } from '../patients/patients-test-helpers.ts';

const ALL: ProviderPermission[] = [
  'APPOINTMENTS',
  'VIRTUAL_WAITING_ROOM',
  'TELEHEALTH_WAITING_ROOM',
  'SETTING',
];
const NOT_A_UUID = 'not-a-uuid';

describe('provider schedule and waiting rooms (spec 3 §2, §4, §7)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let staff: string;
  let limited: string;
  let outsider: string;
  let patientToken: string;
  let patientId: string;
  let today: string;
  const base = () => `/api/provider/clinics/${world.clinicId}`;

  /** A provider of the world's clinic with these permissions, logged in. */
  async function memberToken(permissions: ProviderPermission[]): Promise<string> {
    const user = await createTestUser(t.context.db, { memberType: 'doctor' });
    // Their own test clinic goes: the world's clinic is their only (so first) clinic.
    await t.context.db.delete(providers).where(eq(providers.userId, user.id));
    await t.context.db.insert(providers).values({ userId: user.id, clinicId: world.clinicId, permissions });
    return (await loginTokens(t.app, user.username)).access_token;
  }

  async function appointmentToday(hour: number, type: 'office' | 'video_call' = 'office') {
    const start = DateTime.now().setZone(world.timezone).startOf('day').set({ hour });
    return insertAppointment(t.context.db, world, {
      patientUserId: patientId,
      startAt: start.toJSDate(),
      type,
      consultationTypeId: type === 'video_call' ? world.videoTypeId : world.officeTypeId,
    });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    world = await createSchedulingWorld(t.context.db);
    await t.context.db
      .update(clinics)
      .set({ modules: ['waitlist', 'PATIENT_OUTSIDE', 'TEXT_PAY', 'ANALYTICS'] })
      .where(eq(clinics.id, world.clinicId));
    staff = await memberToken(ALL);
    limited = await memberToken(['APPOINTMENTS']);
    outsider = (await providerWithClinic(t, ALL)).token;
    const patient = await createClinicPatient(t.context.db, world.clinicId);
    patientId = patient.id;
    patientToken = (await loginTokens(t.app, patient.username)).access_token;
    today = DateTime.now().setZone(world.timezone).toISODate() ?? '';
  });
  afterAll(() => t.close());

  it('lists the day of the clinic, filtered and sorted, with the rows of §3', async () => {
    const first = await appointmentToday(1);
    await appointmentToday(2, 'video_call');
    const response = await t.app.inject({
      url: `${base()}/schedule?date=${today}&sort=provider`,
      headers: bearer(limited),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = scheduleResponseSchema.parse(response.json());
    const row = body.appointments.find((item) => item.appointmentId === first.id);
    expect(row).toMatchObject({
      patientId,
      departmentName: 'Test Main Clinic',
      locationName: 'Albany',
      timezone: world.timezone,
      patientStatus: null,
      visitStatus: null,
      patientBalance: 0,
    });
    expect(row?.appointmentStartAt).toMatch(/^\d{4}-\d\d-\d\dT01:00:00-0[45]:00$/);
    expect(body.minDate < today && today < body.maxDate).toBe(true);

    const filtered = await t.app.inject({
      url: `${base()}/schedule?date=${today}&departmentUuids=${world.clinicId}`,
      headers: bearer(limited),
    });
    expect(scheduleResponseSchema.parse(filtered.json()).appointments).toEqual([]);
  });

  it('refuses a date outside the bounds and bad filters with 400', async () => {
    for (const query of [
      'date=2020-01-01',
      'date=tomorrow',
      `date=${today}&sort=name`,
      `date=${today}&providerIds=x`,
    ]) {
      const response = await t.app.inject({ url: `${base()}/schedule?${query}`, headers: bearer(staff) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it('moves a patient through the DriveUp queue and checks them in once in the office', async () => {
    const appointment = await appointmentToday(3);
    const url = `${base()}/appointments/${appointment.id}`;
    const early = await t.app.inject({ method: 'POST', url: `${url}/check-in`, headers: bearer(staff) });
    expect(early.statusCode).toBe(409);

    for (const [status, tab] of [
      ['outside', 'outside'],
      ['called-in', 'called-in'],
      ['in-office', 'in-office'],
    ] as const) {
      const changed = await t.app.inject({
        method: 'PUT',
        url: `${url}/patient-status`,
        headers: bearer(staff),
        payload: { patientStatus: status },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(providerAppointmentSchema.parse(changed.json()).patientStatus).toBe(tab);
      const room = waitingRoomResponseSchema.parse(
        (await t.app.inject({ url: `${base()}/waiting-room/drive-up`, headers: bearer(staff) })).json(),
      );
      expect(room.appointments.find((item) => item.appointmentId === appointment.id)?.patientStatus).toBe(
        tab,
      );
      expect(room.counts[tab]).toBeGreaterThanOrEqual(1);
    }
    const checkedIn = await t.app.inject({ method: 'POST', url: `${url}/check-in`, headers: bearer(staff) });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(checkedIn.json()).toMatchObject({ visitStatus: 'check-in', patientStatus: 'in-office' });
  });

  it("shows the patient outside after their 'outside' quick link, and the telehealth room holds video visits", async () => {
    const appointment = await appointmentToday(4);
    await appointmentToday(5, 'video_call');
    await t.context.db.insert(checkIns).values({ appointmentId: appointment.id, outsideAt: new Date() });
    const room = waitingRoomResponseSchema.parse(
      (await t.app.inject({ url: `${base()}/waiting-room/drive-up`, headers: bearer(staff) })).json(),
    );
    expect(room.appointments.find((item) => item.appointmentId === appointment.id)?.patientStatus).toBe(
      'outside',
    );
    expect(room.appointments.every((item) => item.type === 'office')).toBe(true);
    const count = await t.app.inject({
      url: `${base()}/waiting-room/drive-up/count`,
      headers: bearer(staff),
    });
    expect(count.json<{ count: number }>().count).toBe(room.counts.outside + room.counts['in-line']);
    const video = waitingRoomResponseSchema.parse(
      (await t.app.inject({ url: `${base()}/waiting-room/telehealth`, headers: bearer(staff) })).json(),
    );
    expect(video.appointments.length).toBeGreaterThan(0);
    expect(video.appointments.every((item) => item.type === 'video_call')).toBe(true);
  });

  it("publishes 'appointment.changed' on the clinic topic for a status change and the 'outside' quick link", async () => {
    const events: string[] = [];
    const stop = t.context.realtime.subscribe(realtimeTopic.clinic(world.clinicId), (event) => {
      events.push(event.type);
    });
    try {
      const appointment = await appointmentToday(10);
      await t.app.inject({
        method: 'PUT',
        url: `${base()}/appointments/${appointment.id}/patient-status`,
        headers: bearer(staff),
        payload: { patientStatus: 'called-in' },
      });
      await expect.poll(() => events.length).toBe(1);
      const sent = await issueQuickLink(
        t.context.db,
        { type: 'outside', clinicId: world.clinicId, userId: patientId, appointmentId: appointment.id },
        new Date(),
        'http://localhost',
      );
      const login = await tokenRequest(t.app, {
        grant_type: 'quick_link',
        client_id: PORTAL_CLIENT,
        code: sent.code,
        user_id: patientId,
      });
      expect(login.statusCode, login.body).toBe(200);
      await expect.poll(() => events.length).toBe(2);
      expect(events).toEqual(['appointment.changed', 'appointment.changed']);
      const room = waitingRoomResponseSchema.parse(
        (await t.app.inject({ url: `${base()}/waiting-room/drive-up`, headers: bearer(staff) })).json(),
      );
      expect(room.appointments.find((item) => item.appointmentId === appointment.id)?.patientStatus).toBe(
        'outside',
      );
    } finally {
      stop();
    }
  });

  it('lists walk-ins in line until Arrived', async () => {
    const [walkIn] = await t.context.db
      .insert(walkIns)
      .values({
        clinicId: world.clinicId,
        departmentId: world.departmentId,
        firstName: 'Walk',
        lastName: 'In',
        birthdate: '1970-01-02',
        eta: new Date(),
        createdAt: new Date(),
      })
      .returning();
    const before = waitingRoomResponseSchema.parse(
      (await t.app.inject({ url: `${base()}/waiting-room/drive-up`, headers: bearer(staff) })).json(),
    );
    expect(before.walkIns).toContainEqual(
      expect.objectContaining({
        id: walkIn?.id,
        departmentName: 'Test Main Clinic',
        birthdate: '1970-01-02',
      }),
    );
    const arrived = await t.app.inject({
      method: 'POST',
      url: `${base()}/walk-ins/${walkIn?.id ?? ''}/arrived`,
      headers: bearer(staff),
    });
    expect(arrived.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'POST',
      url: `${base()}/walk-ins/${walkIn?.id ?? ''}/arrived`,
      headers: bearer(staff),
    });
    expect(again.statusCode).toBe(404);
  });

  it('sends a reminder through the outbox and remembers it', async () => {
    const appointment = await appointmentToday(6);
    const response = await t.app.inject({
      method: 'POST',
      url: `${base()}/appointments/${appointment.id}/reminder`,
      headers: bearer(limited),
    });
    expect(response.statusCode, response.body).toBe(200);
    const messages = await t.context.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'appointment-reminder'));
    expect(messages.some((message) => message.body.includes('Reminder: your appointment'))).toBe(true);
    const list = scheduleResponseSchema.parse(
      (await t.app.inject({ url: `${base()}/schedule?date=${today}`, headers: bearer(limited) })).json(),
    );
    expect(
      list.appointments.find((item) => item.appointmentId === appointment.id)?.reminderSentAt,
    ).toBeTruthy();
  });

  it("cancels through the appointments module, only this clinic's appointment", async () => {
    const start = DateTime.now().setZone(world.timezone).plus({ days: 2 }).startOf('day').set({ hour: 9 });
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: patientId,
      startAt: start.toJSDate(),
    });
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/provider/clinics/${world.clinicId}/appointments/${appointment.id}`,
      headers: bearer(outsider),
    });
    expect(foreign.statusCode).toBe(404);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/appointments/${appointment.id}`,
      headers: bearer(staff),
    });
    expect(response.statusCode, response.body).toBe(204);
    const [row] = await t.context.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(and(eq(appointments.id, appointment.id)));
    expect(row?.status).toBe('cancelled');
  });

  describe('access', () => {
    const routes = (appointmentId: string, walkInId: string) => [
      { method: 'GET' as const, path: `schedule?date=${today}` },
      { method: 'POST' as const, path: `appointments/${appointmentId}/check-in` },
      {
        method: 'PUT' as const,
        path: `appointments/${appointmentId}/patient-status`,
        payload: { patientStatus: 'outside' },
      },
      { method: 'POST' as const, path: `appointments/${appointmentId}/reminder` },
      { method: 'DELETE' as const, path: `appointments/${appointmentId}` },
      { method: 'GET' as const, path: 'departments' },
      { method: 'GET' as const, path: 'providers' },
      { method: 'GET' as const, path: 'waiting-room/drive-up' },
      { method: 'GET' as const, path: 'waiting-room/telehealth' },
      { method: 'GET' as const, path: 'waiting-room/drive-up/count' },
      { method: 'GET' as const, path: 'waiting-room/telehealth/count' },
      { method: 'POST' as const, path: `walk-ins/${walkInId}/arrived` },
    ];

    it("answers 404 to another clinic's provider and 403 to a patient on every route", async () => {
      const appointment = await appointmentToday(7);
      for (const route of routes(appointment.id, appointment.id)) {
        const request = { method: route.method, url: `${base()}/${route.path}`, payload: route.payload };
        const foreign = await t.app.inject({ ...request, headers: bearer(outsider) });
        expect(foreign.statusCode, `${route.method} ${route.path}`).toBe(404);
        const patient = await t.app.inject({ ...request, headers: bearer(patientToken) });
        expect(patient.statusCode, `${route.method} ${route.path}`).toBe(403);
      }
    });

    it('answers 403 without the room permission or with PATIENT_OUTSIDE off', async () => {
      const appointment = await appointmentToday(8);
      for (const path of [
        'waiting-room/drive-up',
        'waiting-room/telehealth',
        'waiting-room/drive-up/count',
      ]) {
        const response = await t.app.inject({ url: `${base()}/${path}`, headers: bearer(limited) });
        expect(response.statusCode, path).toBe(403);
      }
      const status = await t.app.inject({
        method: 'PUT',
        url: `${base()}/appointments/${appointment.id}/patient-status`,
        headers: bearer(limited),
        payload: { patientStatus: 'outside' },
      });
      expect(status.statusCode).toBe(403);
      await t.context.db
        .update(clinics)
        .set({ modules: ['waitlist'] })
        .where(eq(clinics.id, world.clinicId));
      try {
        const off = await t.app.inject({ url: `${base()}/waiting-room/drive-up`, headers: bearer(staff) });
        expect(off.statusCode).toBe(403);
      } finally {
        await t.context.db
          .update(clinics)
          .set({ modules: ['waitlist', 'PATIENT_OUTSIDE', 'TEXT_PAY', 'ANALYTICS'] })
          .where(eq(clinics.id, world.clinicId));
      }
    });

    it('answers 400 to bad ids and statuses, and changes nothing', async () => {
      const appointment = await appointmentToday(9);
      for (const [method, path, payload] of [
        ['POST', `appointments/${NOT_A_UUID}/check-in`, undefined],
        ['PUT', `appointments/${appointment.id}/patient-status`, { patientStatus: 'in-line' }],
        ['PUT', `appointments/${appointment.id}/patient-status`, {}],
        ['POST', `appointments/${NOT_A_UUID}/reminder`, undefined],
        ['DELETE', `appointments/${NOT_A_UUID}`, undefined],
        ['GET', 'providers?departments=a,b', undefined],
        ['POST', `walk-ins/${NOT_A_UUID}/arrived`, undefined],
      ] as const) {
        const response = await t.app.inject({
          method,
          url: `${base()}/${path}`,
          headers: bearer(staff),
          payload,
        });
        expect(response.statusCode, `${method} ${path}`).toBe(400);
      }
      const list = scheduleResponseSchema.parse(
        (await t.app.inject({ url: `${base()}/schedule?date=${today}`, headers: bearer(staff) })).json(),
      );
      expect(
        list.appointments.find((item) => item.appointmentId === appointment.id)?.patientStatus,
      ).toBeNull();
    });
  });
});

describe('provider one-time code for the admin site (spec 3 §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('issues a code of the type the permissions decide, for analytics and settings', async () => {
    const admin = await providerWithClinic(t, ['SETTING', 'COMPANY_ADMIN']);
    await t.context.db
      .update(clinics)
      .set({ modules: ['ANALYTICS'] })
      .where(eq(clinics.id, admin.clinicId));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/provider/one-time-code',
      headers: bearer(admin.token),
      payload: { type: 'doctor-clinic-provider-admin', redirectTo: 'settings', clinicUuid: admin.clinicId },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ auth_code: string; request_url: string }>();
    expect(body.auth_code.length).toBeGreaterThan(20);
    expect(body.request_url).toBe(t.context.env.PROVIDER_ADMIN_URL.replace(/\/+$/, ''));

    // The admin site exchanges it once at its own oauth-code address.
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: {
        grant_type: 'oauth_code',
        client_id: '34',
        code: body.auth_code,
        redirect_uri: `${body.request_url}/oauth-code`,
      },
    });
    expect(token.statusCode, token.body).toBe(200);

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/provider/one-time-code',
      headers: bearer(admin.token),
      payload: { type: 'doctor-provider-admin', redirectTo: 'analytics' },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses settings without SETTING, analytics without the module, another clinic and patients', async () => {
    const plain = await providerWithClinic(t, []);
    const settings = await providerWithClinic(t, ['SETTING']);
    const ask = (token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/provider/one-time-code', headers: bearer(token), payload });
    expect(
      (await ask(plain.token, { type: 'doctor-provider-admin', redirectTo: 'settings' })).statusCode,
    ).toBe(403);
    expect(
      (await ask(plain.token, { type: 'doctor-provider-admin', redirectTo: 'analytics' })).statusCode,
    ).toBe(403);
    const other = await providerWithClinic(t, []);
    expect(
      (
        await ask(plain.token, {
          type: 'doctor-provider-admin',
          redirectTo: 'analytics',
          clinicUuid: other.clinicId,
        })
      ).statusCode,
    ).toBe(404);
    expect((await ask(plain.token, { type: 'x', redirectTo: 'analytics' })).statusCode).toBe(400);
    expect(
      (
        await ask(settings.token, {
          type: 'doctor-provider-admin',
          redirectTo: 'settings',
          redirectUri: 'https://evil.example/x',
        })
      ).statusCode,
    ).toBe(404);
    const patient = await createTestUser(t.context.db, { memberType: 'patient' });
    const patientToken = (await loginTokens(t.app, patient.username)).access_token;
    expect(
      (await ask(patientToken, { type: 'doctor-provider-admin', redirectTo: 'analytics' })).statusCode,
    ).toBe(403);
  });
});
