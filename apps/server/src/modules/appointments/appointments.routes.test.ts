import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_NOT_FOUND_TEXT,
  CANNOT_CANCEL_TEXT,
  appointmentSchema,
  publicAppointmentSchema,
  type Appointment,
} from '@app/contracts/appointments';
import { clinics } from '../../db/schema/clinics.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { appointments, waitlistEntries } from '../../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from './appointments-test-helpers.ts';
import {
  CANNOT_CONVERT_TEXT,
  PROVIDER_CANNOT_CANCEL_TEXT,
  WAITLIST_NOT_AVAILABLE_TEXT,
  WAITLIST_NOT_NOW_TEXT,
} from './appointments.service.ts';
import { WAITLIST_OFFER_PURPOSE } from './waitlist-offers.ts';

describe('appointments (spec 2 §3 Appointment, §4 cancel, §6 rules, §7 appointment calls)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let otherWorld: SchedulingWorld;
  let jane: { id: string; token: string; username: string };
  let mark: { id: string; token: string };
  let provider: { token: string };
  let otherProvider: { token: string };

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  /** A time in the test clinic's zone, `days` from today; every test uses its own hours (no overlaps). */
  const at = (days: number, hour: number, minute = 0) =>
    DateTime.now().setZone('America/New_York').startOf('day').plus({ days }).set({ hour, minute }).toJSDate();

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    otherWorld = await createSchedulingWorld(t.context.db);
    const janeUser = await createClinicPatient(t.context.db, world.clinicId);
    const markUser = await createClinicPatient(t.context.db, world.clinicId, { mobilePhone: null });
    jane = {
      id: janeUser.id,
      token: (await loginTokens(t.app, janeUser.username)).access_token,
      username: janeUser.username,
    };
    mark = { id: markUser.id, token: (await loginTokens(t.app, markUser.username)).access_token };
    provider = { token: (await loginTokens(t.app, world.provider.username)).access_token };
    otherProvider = { token: (await loginTokens(t.app, otherWorld.provider.username)).access_token };
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (token: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, headers: auth(token) });
  const cancel = (token: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/appointments/${id}`, headers: auth(token) });
  const waitlist = (token: string, id: string, clinicUuid = world.clinicId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/clinics/${clinicUuid}/appointments/${id}/waitlist`,
      headers: auth(token),
    });
  const convert = (token: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/appointments/${id}/convert-to-telehealth`,
      headers: auth(token),
    });
  const statusOf = async (id: string) =>
    (await t.context.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.status;

  it('maps an appointment to spec 2 §3 with times in the department offset and the §6 flags', async () => {
    const startAt = at(3, 10);
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt,
      comment: 'Knee pain',
    });
    const response = await read(jane.token, appointment.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = appointmentSchema.parse(response.json());
    const local = DateTime.fromJSDate(startAt, { zone: 'America/New_York' });
    expect(body).toMatchObject({
      id: appointment.id,
      appointmentId: appointment.id,
      uuid: appointment.publicId,
      clinicUuid: world.clinicId,
      userId: jane.id,
      patientId: jane.id,
      providerId: world.provider.providerId,
      departmentUuid: world.departmentId,
      departmentName: 'Test Main Clinic',
      consultationTypeTitle: 'Office visit',
      timezone: 'America/New_York',
      type: 'office',
      status: 'booked',
      isCancellable: true,
      canPatientCancel: true,
      allowVideoCall: false,
      hasNewVideoLayout: true,
      isPreCheckIn: true,
      isNewCheckIn: true,
      isInWaitList: false,
      isConvertRequired: true,
      appointmentComment: 'Knee pain',
      attachments: [],
      address: { line: '1 Main Street; Suite 2, Albany', city: 'Albany', stateId: 'NY', state: 'NY' },
      waitlist: { isAvailable: true },
    });
    expect(body.startAt).toBe(`${local.toFormat("yyyy-MM-dd'T'HH:mm:ss")}${local.toFormat('ZZ')}`);
    expect(body.startAt).toMatch(/^\d{4}-\d\d-\d\dT10:00:00-0[45]:00$/);
    expect(body.finishAt).toMatch(/T10:30:00-0[45]:00$/);
  });

  it('check-in flow, waitlist availability by module, type flag and patient source', async () => {
    await t.context.db.update(clinics).set({ checkInFlow: 'old' }).where(eq(clinics.id, world.clinicId));
    const plain = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(3, 11),
      consultationTypeId: world.plainTypeId,
    });
    const plainBody = (await read(jane.token, plain.id)).json<Appointment>();
    expect(plainBody.isNewCheckIn).toBe(false);
    expect(plainBody.isConvertRequired).toBe(false);
    expect(plainBody.waitlist.isAvailable).toBe(false);
    await t.context.db.update(clinics).set({ checkInFlow: 'new' }).where(eq(clinics.id, world.clinicId));

    const hiddenPatient = await createClinicPatient(t.context.db, world.clinicId, { source: 'ehr' });
    await t.context.db
      .update(clinics)
      .set({ waitlistHiddenSources: ['ehr'] })
      .where(eq(clinics.id, world.clinicId));
    const hidden = await insertAppointment(t.context.db, world, {
      patientUserId: hiddenPatient.id,
      startAt: at(3, 12),
    });
    expect((await read(provider.token, hidden.id)).json<Appointment>().waitlist.isAvailable).toBe(false);
    const refused = await waitlist(provider.token, hidden.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: WAITLIST_NOT_AVAILABLE_TEXT });
    await t.context.db
      .update(clinics)
      .set({ waitlistHiddenSources: [] })
      .where(eq(clinics.id, world.clinicId));
    expect((await read(provider.token, hidden.id)).json<Appointment>().waitlist.isAvailable).toBe(true);

    await t.context.db.update(clinics).set({ modules: [] }).where(eq(clinics.id, world.clinicId));
    expect((await read(provider.token, hidden.id)).json<Appointment>().waitlist.isAvailable).toBe(false);
    expect((await waitlist(provider.token, hidden.id)).statusCode).toBe(409);
    await t.context.db
      .update(clinics)
      .set({ modules: ['waitlist'] })
      .where(eq(clinics.id, world.clinicId));
  });

  it('opens the video call 15 minutes before the start until the finish, for live video visits', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const video = async (
      fromMinutes: number,
      toMinutes: number,
      status: 'booked' | 'cancelled' = 'booked',
    ) => {
      const row = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: new Date(minute + fromMinutes * 60_000),
        minutes: toMinutes - fromMinutes,
        consultationTypeId: world.videoTypeId,
        type: 'video_call',
        status,
      });
      return (await read(jane.token, row.id)).json<Appointment>();
    };
    const finished = await video(-40, -20);
    const ongoing = await video(-10, 5);
    const soon = await video(10, 25);
    const later = await video(30, 45);
    const cancelled = await video(46, 50, 'cancelled');
    expect([finished, ongoing, soon, later, cancelled].map((a) => a.allowVideoCall)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(ongoing.isCancellable).toBe(false);
    expect(soon.isCancellable).toBe(true);
  });

  it("hides another patient's appointment (404) from read, cancel, waitlist and calendar", async () => {
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(4, 9),
    });
    for (const response of [
      await read(mark.token, appointment.id),
      await cancel(mark.token, appointment.id),
      await waitlist(mark.token, appointment.id),
      await t.app.inject({
        method: 'GET',
        url: `/api/appointments/${appointment.id}/calendar.ics`,
        headers: auth(mark.token),
      }),
      // A provider of another clinic sees it no more than another patient does.
      await read(otherProvider.token, appointment.id),
      await cancel(otherProvider.token, appointment.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: APPOINTMENT_NOT_FOUND_TEXT });
    }
    expect(await statusOf(appointment.id)).toBe('booked');
    const [entry] = await t.context.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.appointmentId, appointment.id));
    expect(entry).toBeUndefined();
    expect((await read(provider.token, appointment.id)).statusCode).toBe(200);
  });

  it('answers 400 with a message for ids that are not uuids', async () => {
    const response = await read(jane.token, 'not-an-id');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('The appointment id is not valid');
  });

  it('lists by mysql dates, inclusive, in the appointment zone: patients their own, providers their clinics', async () => {
    // 23:30 in New York is the next day in UTC: it still belongs to its local date.
    const late = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(10, 23, 30),
    });
    const early = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(11, 8),
    });
    const marks = await insertAppointment(t.context.db, world, {
      patientUserId: mark.id,
      startAt: at(10, 9),
    });
    const day10 = DateTime.now().setZone('America/New_York').plus({ days: 10 }).toISODate();
    const day11 = DateTime.now().setZone('America/New_York').plus({ days: 11 }).toISODate();
    const list = async (token: string, query: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/appointments?${new URLSearchParams(query).toString()}`,
        headers: auth(token),
      });
      return response;
    };
    const ids = async (token: string, query: Record<string, string>) => {
      const response = await list(token, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ appointments: Appointment[] }>().appointments.map((a) => a.id);
    };
    expect(await ids(jane.token, { startAt: day10 ?? '', finishAt: day10 ?? '' })).toEqual([late.id]);
    expect(await ids(jane.token, { startAt: day10 ?? '', finishAt: day11 ?? '' })).toEqual([
      late.id,
      early.id,
    ]);
    expect(await ids(mark.token, { startAt: day10 ?? '', finishAt: day11 ?? '' })).toEqual([marks.id]);
    expect(await ids(provider.token, { startAt: day10 ?? '', finishAt: day10 ?? '' })).toEqual([
      marks.id,
      late.id,
    ]);
    expect(
      await ids(provider.token, { startAt: day10 ?? '', finishAt: day11 ?? '', userId: jane.id }),
    ).toEqual([late.id, early.id]);
    expect(await ids(otherProvider.token, { startAt: day10 ?? '', finishAt: day11 ?? '' })).toEqual([]);
    expect(
      (await list(jane.token, { startAt: day10 ?? '', finishAt: day11 ?? '', userId: mark.id })).statusCode,
    ).toBe(403);
    const backwards = await list(jane.token, { startAt: day11 ?? '', finishAt: day10 ?? '' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toContain('startAt must not be after finishAt');
    const badDate = await list(jane.token, { startAt: '2026-13-01', finishAt: day10 ?? '' });
    expect(badDate.statusCode).toBe(400);
  });

  it('public link by uuid shows no patient data', async () => {
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(4, 10),
      comment: 'Private reason',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/public/appointments/${appointment.publicId}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(Object.keys(publicAppointmentSchema.shape).sort());
    expect(body).toMatchObject({
      uuid: appointment.publicId,
      consultationTypeTitle: 'Office visit',
      status: 'booked',
    });
    expect(response.body).not.toContain(jane.id);
    expect(response.body).not.toContain('Private reason');
    expect(response.body).not.toContain(appointment.id);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/public/appointments/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    // The appointment id is not its public link.
    expect(
      (await t.app.inject({ method: 'GET', url: `/public/appointments/${appointment.id}` })).statusCode,
    ).toBe(404);
  });

  it('writes one VEVENT in UTC with escaped text for add to calendar', async () => {
    const startAt = at(5, 14, 30);
    const appointment = await insertAppointment(t.context.db, world, { patientUserId: jane.id, startAt });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/appointments/${appointment.id}/calendar.ics`,
      headers: auth(jane.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const text = response.body.replace(/\r\n[ \t]/g, '');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    const utc = DateTime.fromJSDate(startAt, { zone: 'utc' });
    expect(text).toContain(`DTSTART:${utc.toFormat("yyyyMMdd'T'HHmmss'Z'")}`);
    expect(text).toContain(`DTEND:${utc.plus({ minutes: 30 }).toFormat("yyyyMMdd'T'HHmmss'Z'")}`);
    expect(text).toContain(`UID:${appointment.publicId}@care-portal`);
    // RFC 5545 §3.3.11: commas and semicolons in text are escaped.
    expect(text).toContain('LOCATION:Test Main Clinic\\, 1 Main Street\\; Suite 2\\, Albany\\, Albany\\, NY');
    expect(text).toContain('SUMMARY:Office visit with Test User');
    expect(text).toContain('STATUS:CONFIRMED');
  });

  describe('cancel (spec 2 §4 Cancel, §6)', () => {
    it('patients cancel a future live appointment outside the notice window; cancelled_at/by are recorded', async () => {
      const appointment = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(6, 9),
      });
      const response = await cancel(jane.token, appointment.id);
      expect(response.statusCode, response.body).toBe(204);
      const [row] = await t.context.db.select().from(appointments).where(eq(appointments.id, appointment.id));
      expect(row?.status).toBe('cancelled');
      expect(row?.cancelledByUserId).toBe(jane.id);
      expect(row?.cancelledAt).toBeInstanceOf(Date);
      const body = (await read(jane.token, appointment.id)).json<Appointment>();
      expect(body).toMatchObject({ status: 'cancelled', isCancellable: false, canPatientCancel: false });
      // Already cancelled: neither a patient nor a provider cancels it again.
      const again = await cancel(jane.token, appointment.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: CANNOT_CANCEL_TEXT });
      expect((await cancel(provider.token, appointment.id)).json()).toMatchObject({
        message: PROVIDER_CANNOT_CANCEL_TEXT,
      });
    });

    it('inside the notice window patients get CANNOT_CANCEL_TEXT; the clinic may still cancel', async () => {
      await t.context.db
        .update(clinics)
        .set({ patientCancelNoticeMinutes: 3 * 24 * 60 })
        .where(eq(clinics.id, world.clinicId));
      const appointment = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(2, 9),
      });
      const body = (await read(jane.token, appointment.id)).json<Appointment>();
      expect(body).toMatchObject({ isCancellable: true, canPatientCancel: false });
      const refused = await cancel(jane.token, appointment.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: CANNOT_CANCEL_TEXT,
        errors: [{ detail: CANNOT_CANCEL_TEXT }],
      });
      expect(await statusOf(appointment.id)).toBe('booked');
      const byClinic = await cancel(provider.token, appointment.id);
      expect(byClinic.statusCode).toBe(204);
      expect(await statusOf(appointment.id)).toBe('cancelled');
      await t.context.db
        .update(clinics)
        .set({ patientCancelNoticeMinutes: 1440 })
        .where(eq(clinics.id, world.clinicId));
    });

    it('a past appointment cannot be cancelled by anyone', async () => {
      const appointment = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(-3, 9),
        status: 'completed',
      });
      expect((await cancel(jane.token, appointment.id)).statusCode).toBe(409);
      expect((await cancel(provider.token, appointment.id)).statusCode).toBe(409);
      expect(await statusOf(appointment.id)).toBe('completed');
    });
  });

  describe('waitlist (spec 2 §6, §7 add to waitlist) and automatic offers (issue 4)', () => {
    it('adds a future appointment, idempotently; refuses today, past and another clinic', async () => {
      const appointment = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(7, 9),
      });
      const first = await waitlist(jane.token, appointment.id);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ isInWaitList: true });
      expect((await waitlist(jane.token, appointment.id)).json()).toEqual({ isInWaitList: true });
      const entries = await t.context.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.appointmentId, appointment.id));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ status: 'waiting', addedByUserId: jane.id, patientUserId: jane.id });
      expect((await read(jane.token, appointment.id)).json<Appointment>().isInWaitList).toBe(true);
      expect((await waitlist(jane.token, appointment.id, otherWorld.clinicId)).statusCode).toBe(404);

      // An appointment later today (in the clinic's zone) is refused. Late in the New York evening there
      // is no "later today" left, so the app clock is moved back three hours for this check, with a
      // session opened on that clock; the check then runs the same at any hour.
      const hoursLeftToday = DateTime.fromJSDate(t.context.now(), { zone: 'America/New_York' })
        .endOf('day')
        .diff(DateTime.fromJSDate(t.context.now(), { zone: 'America/New_York' }), 'hours').hours;
      const shiftMs = hoursLeftToday < 2 ? -3 * 60 * 60_000 : 0;
      t.advanceClock(shiftMs);
      try {
        const token = shiftMs === 0 ? jane.token : (await loginTokens(t.app, jane.username)).access_token;
        const inAnHour = t.context.now().getTime() + 60 * 60_000;
        const today = await insertAppointment(t.context.db, world, {
          patientUserId: jane.id,
          startAt: new Date(Math.ceil(inAnHour / 60_000) * 60_000),
          minutes: 5,
        });
        const refused = await waitlist(token, today.id);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ message: WAITLIST_NOT_NOW_TEXT });
      } finally {
        t.advanceClock(-shiftMs);
      }
      const past = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(-2, 9),
      });
      expect((await waitlist(jane.token, past.id)).json()).toMatchObject({ message: WAITLIST_NOT_NOW_TEXT });
      // Providers add their clinic's patients.
      const marks = await insertAppointment(t.context.db, world, {
        patientUserId: mark.id,
        startAt: at(7, 10),
      });
      const byProvider = await waitlist(provider.token, marks.id);
      expect(byProvider.json()).toEqual({ isInWaitList: true });
      const [entry] = await t.context.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.appointmentId, marks.id));
      expect(entry?.addedByUserId).toBe(world.provider.userId);
    });

    it('a cancel offers the freed slot to the oldest waiting patient of that provider and type, by email and SMS', async () => {
      const freedStart = at(8, 9);
      const janeEarly = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: freedStart,
      });
      expect((await waitlist(jane.token, janeEarly.id)).statusCode).toBe(200);
      // Waiting first, but with an earlier appointment than the freed slot: not offered.
      const patientA = await createClinicPatient(t.context.db, world.clinicId);
      const before = await insertAppointment(t.context.db, world, {
        patientUserId: patientA.id,
        startAt: at(8, 8),
      });
      expect((await waitlist(provider.token, before.id)).statusCode).toBe(200);
      t.advanceClock(1000);
      // Another consultation type: not offered.
      const patientB = await createClinicPatient(t.context.db, world.clinicId);
      const otherType = await insertAppointment(t.context.db, world, {
        patientUserId: patientB.id,
        startAt: at(9, 12),
        consultationTypeId: world.videoTypeId,
        type: 'video_call',
      });
      expect((await waitlist(provider.token, otherType.id)).statusCode).toBe(200);
      t.advanceClock(1000);
      const patientC = await createClinicPatient(t.context.db, world.clinicId);
      const cFirst = await insertAppointment(t.context.db, world, {
        patientUserId: patientC.id,
        startAt: at(9, 13),
      });
      expect((await waitlist(provider.token, cFirst.id)).statusCode).toBe(200);
      t.advanceClock(1000);
      const cSecond = await insertAppointment(t.context.db, world, {
        patientUserId: mark.id,
        startAt: at(9, 14),
      });
      expect((await waitlist(mark.token, cSecond.id)).statusCode).toBe(200);

      expect((await cancel(jane.token, janeEarly.id)).statusCode).toBe(204);
      const entries = await t.context.db.select().from(waitlistEntries);
      const statusFor = (appointmentId: string) => entries.find((e) => e.appointmentId === appointmentId);
      expect(statusFor(janeEarly.id)?.status).toBe('closed');
      expect(statusFor(before.id)?.status).toBe('waiting');
      expect(statusFor(otherType.id)?.status).toBe('waiting');
      expect(statusFor(cFirst.id)).toMatchObject({ status: 'offered', offeredSlotStartAt: freedStart });
      expect(statusFor(cSecond.id)?.status).toBe('waiting');
      expect((await read(provider.token, cFirst.id)).json<Appointment>().isInWaitList).toBe(true);

      const messages = await t.context.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.purpose, WAITLIST_OFFER_PURPOSE)));
      const toC = messages.filter((m) => m.body.includes(`cancelAppointmentId=${cFirst.id}`));
      expect(toC.map((m) => m.recipient).sort()).toEqual(['+12125550199', patientC.email]);
      expect(toC.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
      const local = DateTime.fromJSDate(freedStart, { zone: 'America/New_York' });
      for (const message of toC) {
        expect(message.body).toContain(local.toFormat("cccc, LLLL d, yyyy 'at' h:mm a"));
        expect(message.body).toContain('Test User');
        const link = /(http\S+)/.exec(message.body)?.[1] ?? '';
        const url = new URL(link);
        expect(url.pathname).toBe('/user/appointment/create/time-slots');
        expect(Object.fromEntries(url.searchParams)).toEqual({
          clinicUuid: world.clinicId,
          providerId: world.provider.providerId,
          departmentId: world.departmentId,
          consultationTypeId: world.officeTypeId,
          cancelAppointmentId: cFirst.id,
          date: local.toISODate(),
        });
      }
      expect(messages.filter((m) => m.body.includes(cSecond.id))).toHaveLength(0);

      // The next freed slot goes to the next in line; C's offer is still open.
      const janeNext = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(8, 11),
      });
      expect((await cancel(provider.token, janeNext.id)).statusCode).toBe(204);
      const [markEntry] = await t.context.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.appointmentId, cSecond.id));
      expect(markEntry?.status).toBe('offered');
      // Mark has no phone: email only.
      const offers = await t.context.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.purpose, WAITLIST_OFFER_PURPOSE));
      expect(offers.filter((m) => m.body.includes(cSecond.id)).map((m) => m.channel)).toEqual(['email']);

      // Once C's offered slot has started the offer has lapsed: C is first in line again.
      await t.context.db
        .update(waitlistEntries)
        .set({ offeredSlotStartAt: new Date(Date.now() - 60_000) })
        .where(eq(waitlistEntries.appointmentId, cFirst.id));
      const janeThird = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(8, 12),
      });
      expect((await cancel(jane.token, janeThird.id)).statusCode).toBe(204);
      const [cEntry] = await t.context.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.appointmentId, cFirst.id));
      expect(cEntry).toMatchObject({ status: 'offered', offeredSlotStartAt: at(8, 12) });
    });

    it('cancelling a waitlisted appointment closes its entry; no entry in line means no message', async () => {
      const patient = await createClinicPatient(t.context.db, otherWorld.clinicId);
      const token = (await loginTokens(t.app, patient.username)).access_token;
      const only = await insertAppointment(t.context.db, otherWorld, {
        patientUserId: patient.id,
        startAt: at(12, 9),
      });
      expect((await waitlist(token, only.id, otherWorld.clinicId)).statusCode).toBe(200);
      const before = await t.context.db.select().from(outboxMessages);
      expect((await cancel(token, only.id)).statusCode).toBe(204);
      const [entry] = await t.context.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.appointmentId, only.id));
      expect(entry?.status).toBe('closed');
      expect((await read(token, only.id)).json<Appointment>().isInWaitList).toBe(false);
      expect(await t.context.db.select().from(outboxMessages)).toHaveLength(before.length);
    });
  });

  describe('convert to telehealth (spec 2 §6 care manager)', () => {
    it('providers of the clinic convert an office visit whose type needs it; others cannot', async () => {
      const appointment = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(13, 9),
      });
      expect((await convert(jane.token, appointment.id)).statusCode).toBe(403);
      expect((await convert(otherProvider.token, appointment.id)).statusCode).toBe(404);
      const converted = await convert(provider.token, appointment.id);
      expect(converted.statusCode, converted.body).toBe(200);
      expect(converted.json()).toMatchObject({ type: 'video_call', isConvertRequired: false });
      const again = await convert(provider.token, appointment.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: CANNOT_CONVERT_TEXT });
      const plain = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(13, 10),
        consultationTypeId: world.plainTypeId,
      });
      expect((await convert(provider.token, plain.id)).statusCode).toBe(409);
      const past = await insertAppointment(t.context.db, world, {
        patientUserId: jane.id,
        startAt: at(-4, 9),
      });
      expect((await convert(provider.token, past.id)).statusCode).toBe(409);
      const [row] = await t.context.db.select().from(appointments).where(eq(appointments.id, plain.id));
      expect(row?.type).toBe('office');
    });
  });
});

describe('public appointment link rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('budgets GET /public/appointments/:uuid per address like the other public routes (429 with a message)', async () => {
    const url = '/public/appointments/00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const limited = await t.app.inject({ method: 'GET', url });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/^Too many requests/);
  });
});
