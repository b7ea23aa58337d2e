import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_HOLD_MINUTES, type TimeSlot } from '@app/contracts/scheduling';
import { buildApp, type App } from '../../app.ts';
import { providerSchedules } from '../../db/schema/clinics.ts';
import { appointments, providerSlotVersions, providerTimeOff } from '../../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { createPatient, createSchedulingWorld, type SchedulingWorld } from './scheduling-test-helpers.ts';

// Issue 20 item 3, decision 0070: the slot search answers from a cache that is checked against a
// per-provider version the database raises with every write to what a search reads. These tests
// show each write path raises it, and that no cached answer outlives a booking, a hold's expiry, or
// a booking made through another app instance on the same database.

describe('slot search cache (issue 20 item 3)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let ann: { id: string; token: string };
  let bob: { id: string; token: string };

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  /** A local day `days` from today in the world's zone (hours 09-12 and 13-17, 30-minute slots). */
  const day = (days: number) => DateTime.now().setZone('America/New_York').startOf('day').plus({ days });
  const slotStart = (days: number, hour: number) => day(days).set({ hour });

  async function search(app: App, token: string, days: number): Promise<number[]> {
    const query = new URLSearchParams({
      clinicUuid: world.clinicId,
      providerId: world.providerId,
      consultationTypeId: world.typeId,
      departmentUuid: world.departmentId,
      startAt: day(days).toISODate() ?? '',
      finishAt: day(days).toISODate() ?? '',
    });
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduling/time-slots?${query.toString()}`,
      headers: auth(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json<TimeSlot[]>().map((slot) => slot.startTimestamp);
  }
  const stamp = (days: number, hour: number) => slotStart(days, hour).toSeconds();

  function book(app: App, token: string, days: number, hour: number, extra: Record<string, unknown> = {}) {
    const start = slotStart(days, hour);
    return app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: auth(token),
      payload: {
        clinicUuid: world.clinicId,
        departmentUuid: world.departmentId,
        providerId: world.providerId,
        consultationTypeId: world.typeId,
        startAt: start.toISO({ suppressMilliseconds: true }),
        finishAt: start.plus({ minutes: 30 }).toISO({ suppressMilliseconds: true }),
        text: 'Check-up',
        flexibleDayList: [],
        ...extra,
      },
    });
  }
  function freeze(app: App, token: string, days: number, hour: number) {
    return app.inject({
      method: 'POST',
      url: '/api/scheduling/time-slots/freeze',
      headers: auth(token),
      payload: {
        clinicUuid: world.clinicId,
        doctorId: world.providerId,
        consultationId: world.typeId,
        departmentUuid: world.departmentId,
        startAtTimestamp: stamp(days, hour),
      },
    });
  }
  async function version(): Promise<number> {
    const [row] = await t.context.db
      .select({ version: providerSlotVersions.version })
      .from(providerSlotVersions)
      .where(eq(providerSlotVersions.providerId, world.providerId));
    return row?.version ?? 0;
  }

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    const bobUser = await createPatient(t.context.db, world.clinicId);
    ann = { id: world.patient.id, token: (await loginTokens(t.app, world.patient.username)).access_token };
    bob = { id: bobUser.id, token: (await loginTokens(t.app, bobUser.username)).access_token };
  });
  afterAll(async () => {
    await t.close();
  });

  it('raises the provider slot version with every hold, booking, cancel, reschedule, hours and time-off change, and not when a change fails', async () => {
    let last = await version();
    const raised = async () => {
      const now = await version();
      expect(now).toBeGreaterThan(last);
      last = now;
    };

    expect((await freeze(t.app, ann.token, 3, 9)).statusCode).toBe(200);
    await raised();

    const booked = await book(t.app, ann.token, 3, 9);
    expect(booked.statusCode, booked.body).toBe(201);
    await raised();

    const { id } = booked.json<{ id: string }>();
    const moved = await book(t.app, ann.token, 3, 10, { cancelAppointmentId: id });
    expect(moved.statusCode, moved.body).toBe(201);
    await raised();

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/appointments/${moved.json<{ id: string }>().id}`,
      headers: auth(ann.token),
    });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    await raised();

    await t.context.db.insert(providerSchedules).values({
      providerId: world.providerId,
      departmentId: world.departmentId,
      weekday: 1,
      startTime: '07:00',
      endTime: '08:00',
    });
    await raised();
    await t.context.db.delete(providerSchedules).where(eq(providerSchedules.startTime, '07:00:00'));
    await raised();

    await t.context.db.insert(providerTimeOff).values({
      providerId: world.providerId,
      startAt: slotStart(20, 9).toJSDate(),
      finishAt: slotStart(20, 12).toJSDate(),
    });
    await raised();

    // A booking refused by the engine writes nothing, version included (its transaction rolled back).
    expect((await book(t.app, bob.token, 3, 11)).statusCode).toBe(201);
    await raised();
    expect((await book(t.app, ann.token, 3, 11)).statusCode).toBe(409);
    expect(await version()).toBe(last);
  });

  it('does not serve a cached answer after a booking, through the API or written straight to the database', async () => {
    expect(await search(t.app, ann.token, 4)).toContain(stamp(4, 9));
    expect(await search(t.app, ann.token, 4)).toContain(stamp(4, 9));
    expect((await book(t.app, bob.token, 4, 9)).statusCode).toBe(201);
    expect(await search(t.app, ann.token, 4)).not.toContain(stamp(4, 9));

    expect(await search(t.app, ann.token, 4)).toContain(stamp(4, 10));
    await t.context.db.insert(appointments).values({
      clinicId: world.clinicId,
      patientUserId: bob.id,
      providerId: world.providerId,
      departmentId: world.departmentId,
      consultationTypeId: world.typeId,
      startAt: slotStart(4, 10).toJSDate(),
      finishAt: slotStart(4, 10).plus({ minutes: 30 }).toJSDate(),
      type: 'office',
      bookedByUserId: bob.id,
    });
    expect(await search(t.app, ann.token, 4)).not.toContain(stamp(4, 10));
  });

  it("offers another patient's held slot again once the hold expires, without a write", async () => {
    expect(await search(t.app, ann.token, 5)).toContain(stamp(5, 9));
    expect((await freeze(t.app, bob.token, 5, 9)).statusCode).toBe(200);
    expect(await search(t.app, ann.token, 5)).not.toContain(stamp(5, 9));
    // The holder still sees it (their own hold), and the two answers are cached apart.
    expect(await search(t.app, bob.token, 5)).toContain(stamp(5, 9));
    t.advanceClock(SLOT_HOLD_MINUTES * 60_000 + 1_000);
    expect(await search(t.app, ann.token, 5)).toContain(stamp(5, 9));
  });

  it('two app instances on one database see each other’s holds and bookings', async () => {
    const second = await buildApp({ context: t.context, logger: false, webDist: '/nonexistent-web-dist' });
    await second.ready();
    try {
      expect(await search(t.app, ann.token, 6)).toContain(stamp(6, 13));
      expect(await search(second, ann.token, 6)).toContain(stamp(6, 13));

      expect((await freeze(second, bob.token, 6, 13)).statusCode).toBe(200);
      expect(await search(t.app, ann.token, 6)).not.toContain(stamp(6, 13));

      expect((await book(t.app, bob.token, 6, 14)).statusCode).toBe(201);
      expect(await search(second, ann.token, 6)).not.toContain(stamp(6, 14));
      // And the booking check itself stays the database's: the slot cannot be booked again there.
      expect((await book(second, ann.token, 6, 14)).statusCode).toBe(409);
    } finally {
      await second.close();
    }
  });
});
