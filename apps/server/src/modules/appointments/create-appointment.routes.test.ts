import { and, eq, ne } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_NOT_FOUND_TEXT,
  SLOT_HELD_TEXT,
  SLOT_OUTSIDE_SCHEDULE_TEXT,
  SLOT_TAKEN_TEXT,
  type Appointment,
} from '@app/contracts/appointments';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { appointments, slotHolds, waitlistEntries } from '../../db/schema/scheduling.ts';
import { exclusionViolation } from '../../platform/db-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from './appointments-test-helpers.ts';
import {
  BOOK_FOR_YOURSELF_TEXT,
  NOT_CLINIC_PATIENT_TEXT,
  NOT_YOUR_CLINIC_TEXT,
  REASON_REQUIRED_TEXT,
  RESCHEDULE_NOT_LIVE_TEXT,
  USER_ID_REQUIRED_TEXT,
  reasonTooLongText,
} from './create-appointment.service.ts';
import { WAITLIST_OFFER_PURPOSE } from './waitlist-offers.ts';

describe('create appointment (spec 2 §3 create payload, §4 booking and reschedule, §5 reason)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let otherWorld: SchedulingWorld;
  let ann: { id: string; token: string };
  let bob: { id: string; token: string };
  let provider: { id: string; token: string };
  let otherProvider: { token: string };

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  /** A slot on the test provider's grid (08:00-18:00 New York, 30 minutes), `days` from today. */
  const slot = (days: number, hour: number, minute = 0) => {
    const start = DateTime.now()
      .setZone('America/New_York')
      .startOf('day')
      .plus({ days })
      .set({ hour, minute });
    return {
      startAt: start.toISO({ suppressMilliseconds: true }) ?? '',
      finishAt: start.plus({ minutes: 30 }).toISO({ suppressMilliseconds: true }) ?? '',
      date: start.toJSDate(),
    };
  };
  const payload = (days: number, hour: number, extra: Record<string, unknown> = {}) => {
    const { startAt, finishAt } = slot(days, hour);
    return {
      clinicUuid: world.clinicId,
      departmentUuid: world.departmentId,
      providerId: world.provider.providerId,
      consultationTypeId: world.officeTypeId,
      startAt,
      finishAt,
      externalId: `ext-${days}-${hour}`,
      flexibleDayList: [],
      ...extra,
    };
  };
  const create = (token: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/appointments', headers: auth(token), payload: body as object });
  const countAppointments = async () =>
    (await t.context.db.select({ id: appointments.id }).from(appointments)).length;
  const rowOf = async (id: string) =>
    (await t.context.db.select().from(appointments).where(eq(appointments.id, id)))[0];

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    otherWorld = await createSchedulingWorld(t.context.db);
    const annUser = await createClinicPatient(t.context.db, world.clinicId);
    // Bob is not registered at the clinic yet: the first test shows he cannot book there until he is.
    const bobUser = await createTestUser(t.context.db, { memberType: 'patient' });
    ann = { id: annUser.id, token: (await loginTokens(t.app, annUser.username)).access_token };
    bob = { id: bobUser.id, token: (await loginTokens(t.app, bobUser.username)).access_token };
    provider = {
      id: world.provider.userId,
      token: (await loginTokens(t.app, world.provider.username)).access_token,
    };
    otherProvider = { token: (await loginTokens(t.app, otherWorld.provider.username)).access_token };
  });
  afterAll(async () => {
    await t.close();
  });

  it('a patient books a free slot: 201 {id}, the reason and externalId are kept, the hold is consumed', async () => {
    const { date } = slot(3, 9);
    await t.context.db.insert(slotHolds).values({
      clinicId: world.clinicId,
      providerId: world.provider.providerId,
      departmentId: world.departmentId,
      consultationTypeId: world.officeTypeId,
      patientUserId: bob.id,
      heldByUserId: bob.id,
      startAt: date,
      finishAt: new Date(date.getTime() + 30 * 60_000),
      expiresAt: new Date(Date.now() + 5 * 60_000),
    });
    const unregistered = await create(bob.token, payload(3, 9, { text: '  Sore throat  ' }));
    expect(unregistered.statusCode).toBe(404);
    expect(unregistered.json()).toMatchObject({ message: 'Clinic not found.' });
    expect(await countAppointments()).toBe(0);
    await t.context.db.insert(clinicPatients).values({ clinicId: world.clinicId, userId: bob.id });

    const response = await create(bob.token, payload(3, 9, { text: '  Sore throat  ' }));
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(Object.keys(response.json<object>())).toEqual(['id']);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      patientUserId: bob.id,
      bookedByUserId: bob.id,
      status: 'booked',
      type: 'office',
      comment: 'Sore throat',
      externalId: 'ext-3-9',
      rescheduledFromId: null,
      startAt: date,
    });
    expect(await t.context.db.select().from(slotHolds).where(eq(slotHolds.patientUserId, bob.id))).toEqual(
      [],
    );
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/appointments/${id}`,
      headers: auth(bob.token),
    });
    expect(read.json<Appointment>()).toMatchObject({ id, appointmentComment: 'Sore throat', type: 'office' });
  });

  /** The slot search of one local day (`days` from today), as the start instants it offers. */
  const searchDay = async (token: string, days: number) => {
    const date = slot(days, 0).startAt.slice(0, 10);
    const query = new URLSearchParams({
      clinicUuid: world.clinicId,
      providerId: world.provider.providerId,
      consultationTypeId: world.officeTypeId,
      departmentUuid: world.departmentId,
      startAt: date,
      finishAt: date,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/scheduling/time-slots?${query.toString()}`,
      headers: auth(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ startTimestamp: number }[]>().map((entry) => entry.startTimestamp * 1000);
  };

  it('50 concurrent requests for one slot from two patients: exactly one 201, the others 409 with the message', async () => {
    const body = payload(4, 10);
    // Decision 0070: both patients' searches are cached before the race; the booking check is the
    // database's, so the cache cannot let a second booking through, and no cached answer outlives it.
    expect(await searchDay(ann.token, 4)).toContain(slot(4, 10).date.getTime());
    expect(await searchDay(bob.token, 4)).toContain(slot(4, 10).date.getTime());
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => create(index % 2 === 0 ? ann.token : bob.token, body)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({
        message: SLOT_TAKEN_TEXT,
        errors: [{ detail: SLOT_TAKEN_TEXT }],
      });
    }
    const live = await t.context.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.providerId, world.provider.providerId),
          eq(appointments.startAt, slot(4, 10).date),
          ne(appointments.status, 'cancelled'),
        ),
      );
    expect(live).toHaveLength(1);
    expect(await searchDay(ann.token, 4)).not.toContain(slot(4, 10).date.getTime());
    expect(await searchDay(bob.token, 4)).not.toContain(slot(4, 10).date.getTime());
  });

  it('the database itself refuses an overlapping live appointment (23P01, appointments_no_overlap)', async () => {
    await insertAppointment(t.context.db, world, { patientUserId: ann.id, startAt: slot(4, 13).date });
    const error: unknown = await insertAppointment(t.context.db, world, {
      patientUserId: bob.id,
      startAt: slot(4, 13, 15).date,
    }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(exclusionViolation(error)).toEqual({ constraint: 'appointments_no_overlap' });
    // A cancelled appointment does not block the time.
    await insertAppointment(t.context.db, world, {
      patientUserId: bob.id,
      startAt: slot(4, 13, 15).date,
      status: 'cancelled',
    });
  });

  it('a slot frozen by another patient is refused with its detail; the holder books it and the hold is consumed', async () => {
    const { date } = slot(4, 11);
    const freeze = await t.app.inject({
      method: 'POST',
      url: '/api/scheduling/time-slots/freeze',
      headers: auth(ann.token),
      payload: {
        clinicUuid: world.clinicId,
        doctorId: world.provider.providerId,
        consultationId: world.officeTypeId,
        departmentUuid: world.departmentId,
        startAtTimestamp: date.getTime() / 1000,
      },
    });
    expect(freeze.statusCode, freeze.body).toBe(200);
    const before = await countAppointments();
    const held = await create(bob.token, payload(4, 11));
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ message: SLOT_HELD_TEXT, errors: [{ detail: SLOT_HELD_TEXT }] });
    expect(await countAppointments()).toBe(before);
    const mine = await create(ann.token, payload(4, 11));
    expect(mine.statusCode, mine.body).toBe(201);
    expect(await t.context.db.select().from(slotHolds).where(eq(slotHolds.patientUserId, ann.id))).toEqual(
      [],
    );

    await insertAppointment(t.context.db, world, { patientUserId: ann.id, startAt: slot(4, 12).date });
    const taken = await create(bob.token, payload(4, 12));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: SLOT_TAKEN_TEXT });
  });

  it('bad payloads get 400 (or the engine 409) with a message, and nothing is written', async () => {
    const before = await countAppointments();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...payload(5, 9), clinicUuid: 'nope' }, 400, 'clinicUuid is not valid'],
      [{ ...payload(5, 9), startAt: '2026-01-01 09:00' }, 400, 'Times are ISO 8601 with an offset'],
      [{ ...payload(5, 9), flexibleDayList: [1] }, 400, 'flexibleDayList must be empty'],
      [{ ...payload(5, 9), text: '   ' }, 400, 'The reason is empty'],
      [{ ...payload(5, 9), text: 'x'.repeat(41) }, 400, reasonTooLongText(40)],
      [{ ...payload(5, 9), consultationTypeId: world.plainTypeId }, 400, REASON_REQUIRED_TEXT],
      [{ ...payload(5, 9), finishAt: slot(5, 10).startAt }, 400, 'finishAt does not match startAt'],
      [
        { ...payload(5, 9), startAt: slot(5, 9, 10).startAt, finishAt: slot(5, 9, 40).startAt },
        409,
        SLOT_OUTSIDE_SCHEDULE_TEXT,
      ],
      [payload(5, 20), 409, SLOT_OUTSIDE_SCHEDULE_TEXT],
      [payload(-1, 9), 409, SLOT_OUTSIDE_SCHEDULE_TEXT],
      [{ ...payload(5, 9), consultationTypeId: otherWorld.officeTypeId }, 404, ''],
      [{ ...payload(5, 9), userId: ann.id }, 403, BOOK_FOR_YOURSELF_TEXT],
    ];
    const withoutProvider: Record<string, unknown> = payload(5, 9);
    delete withoutProvider.providerId;
    cases.push([withoutProvider, 400, 'providerId']);
    for (const [body, status, message] of cases) {
      const response = await create(bob.token, body);
      expect(response.statusCode, `${JSON.stringify(body)} -> ${response.body}`).toBe(status);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    const withReason = await create(bob.token, {
      ...payload(5, 9),
      consultationTypeId: world.plainTypeId,
      text: 'Why',
    });
    expect(withReason.statusCode, withReason.body).toBe(201);
    expect(await countAppointments()).toBe(before + 1);
  });

  it('providers book for a registered patient of their clinic only (userId)', async () => {
    const before = await countAppointments();
    const missing = await create(provider.token, payload(6, 9));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: USER_ID_REQUIRED_TEXT });
    const stranger = await createTestUser(t.context.db, { memberType: 'patient' });
    const notRegistered = await create(provider.token, payload(6, 9, { userId: stranger.id }));
    expect(notRegistered.statusCode).toBe(400);
    expect(notRegistered.json()).toMatchObject({ message: NOT_CLINIC_PATIENT_TEXT });
    const foreign = await create(otherProvider.token, payload(6, 9, { userId: ann.id }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ message: NOT_YOUR_CLINIC_TEXT });
    expect(await countAppointments()).toBe(before);
    const booked = await create(provider.token, payload(6, 9, { userId: ann.id }));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await rowOf(booked.json<{ id: string }>().id)).toMatchObject({
      patientUserId: ann.id,
      bookedByUserId: provider.id,
    });
  });

  describe('reschedule (cancelAppointmentId)', () => {
    it('moves a live appointment in one transaction: the old one is cancelled, the new one points back', async () => {
      const old = await insertAppointment(t.context.db, world, {
        patientUserId: ann.id,
        startAt: slot(7, 9).date,
      });
      const response = await create(ann.token, payload(7, 14, { cancelAppointmentId: old.id }));
      expect(response.statusCode, response.body).toBe(201);
      const created = await rowOf(response.json<{ id: string }>().id);
      expect(created?.rescheduledFromId).toBe(old.id);
      expect(await rowOf(old.id)).toMatchObject({ status: 'cancelled', cancelledByUserId: ann.id });
    });

    it('a failed create leaves the old appointment live (taken slot, bad reason, off-grid)', async () => {
      const old = await insertAppointment(t.context.db, world, {
        patientUserId: ann.id,
        startAt: slot(8, 9).date,
      });
      await insertAppointment(t.context.db, world, { patientUserId: bob.id, startAt: slot(8, 10).date });
      const patientB = await createClinicPatient(t.context.db, world.clinicId);
      const later = await insertAppointment(t.context.db, world, {
        patientUserId: patientB.id,
        startAt: slot(9, 9).date,
      });
      await t.context.db.insert(waitlistEntries).values({
        clinicId: world.clinicId,
        appointmentId: later.id,
        patientUserId: patientB.id,
        providerId: world.provider.providerId,
        consultationTypeId: world.officeTypeId,
        addedByUserId: patientB.id,
      });
      for (const body of [
        payload(8, 10, { cancelAppointmentId: old.id }),
        payload(8, 11, { cancelAppointmentId: old.id, text: 'x'.repeat(41) }),
        payload(8, 19, { cancelAppointmentId: old.id }),
      ]) {
        const response = await create(ann.token, body);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect((await rowOf(old.id))?.status).toBe('booked');
      }
      // The offer of the old slot was rolled back with the rest.
      const [entry] = await t.context.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.appointmentId, later.id));
      expect(entry?.status).toBe('waiting');
      expect(
        (
          await t.context.db
            .select()
            .from(outboxMessages)
            .where(eq(outboxMessages.purpose, WAITLIST_OFFER_PURPOSE))
        ).length,
      ).toBe(0);

      // A successful reschedule frees the old slot and offers it to the first in line.
      const moved = await create(ann.token, payload(8, 11, { cancelAppointmentId: old.id }));
      expect(moved.statusCode, moved.body).toBe(201);
      const [offered] = await t.context.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.appointmentId, later.id));
      expect(offered).toMatchObject({ status: 'offered', offeredSlotStartAt: slot(8, 9).date });
    });

    it("another patient's appointment cannot be rescheduled (404); a cancelled one cannot either (409)", async () => {
      const bobs = await insertAppointment(t.context.db, world, {
        patientUserId: bob.id,
        startAt: slot(10, 9).date,
      });
      const foreign = await create(ann.token, payload(10, 10, { cancelAppointmentId: bobs.id }));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ message: APPOINTMENT_NOT_FOUND_TEXT });
      // Providers move only that patient's appointment.
      const mixed = await create(
        provider.token,
        payload(10, 10, { userId: ann.id, cancelAppointmentId: bobs.id }),
      );
      expect(mixed.statusCode).toBe(404);
      expect((await rowOf(bobs.id))?.status).toBe('booked');
      const cancelled = await insertAppointment(t.context.db, world, {
        patientUserId: ann.id,
        startAt: slot(10, 11).date,
        status: 'cancelled',
      });
      const again = await create(ann.token, payload(10, 12, { cancelAppointmentId: cancelled.id }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: RESCHEDULE_NOT_LIVE_TEXT });
    });
  });
});
