import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@app/contracts/appointments';
import { appointments } from '../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { DEMO_VIDEO_VISIT_EXTERNAL_ID, demoVisitTimes, refreshDemoVideoVisit } from './demo-video-visit.ts';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';

const MINUTE = 60_000;

describe('the demo video visit (issue 16 item 5)', () => {
  let t: TestApp;
  /** A fresh login each time: the tests move the clock past a token's life. */
  async function janeToken(): Promise<string> {
    const login = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'password', client_id: '34', username: 'jane.patient', password: DEMO_PASSWORD },
    });
    return login.json<{ access_token: string }>().access_token;
  }

  async function janeVideoVisits(): Promise<Appointment[]> {
    const day = (offsetDays: number) =>
      new Date(t.context.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?startAt=${day(-1)}&finishAt=${day(1)}`,
      headers: { authorization: `Bearer ${await janeToken()}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ appointments: Appointment[] }>()
      .appointments.filter((appointment) => appointment.externalId === DEMO_VIDEO_VISIT_EXTERNAL_ID);
  }

  async function demoRow() {
    const [row] = await t.context.db
      .select()
      .from(appointments)
      .where(eq(appointments.externalId, DEMO_VIDEO_VISIT_EXTERNAL_ID));
    if (!row) {
      throw new Error('no demo video visit');
    }
    return row;
  }

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
    await seedDemoDataIfEmpty(t.context.db, t.context.now());
  });
  afterAll(async () => {
    await t.close();
  });

  it('does nothing on a database without the demo clinic', async () => {
    const empty = await buildTestApp();
    try {
      expect(await refreshDemoVideoVisit(empty.context.db, empty.context.now())).toBe('no-demo');
    } finally {
      await empty.close();
    }
  });

  it('starts the visit at the current five-minute mark', () => {
    const { startAt, finishAt } = demoVisitTimes(new Date('2026-12-01T15:07:42.000Z'), 30);
    expect(startAt.toISOString()).toBe('2026-12-01T15:05:00.000Z');
    expect(finishAt.toISOString()).toBe('2026-12-01T15:35:00.000Z');
  });

  it('creates a telehealth visit of jane.patient with dr.smith that she can join now', async () => {
    expect(await refreshDemoVideoVisit(t.context.db, t.context.now())).toBe('created');
    const [visit, ...others] = await janeVideoVisits();
    expect(others).toHaveLength(0);
    expect(visit).toMatchObject({ type: 'video_call', allowVideoCall: true, doctorName: 'Alice Smith, MD' });
  });

  it('keeps the visit while it is open, and moves it to now once it has ended', async () => {
    const before = await demoRow();
    expect(await refreshDemoVideoVisit(t.context.db, t.context.now())).toBe('kept');
    t.advanceClock(before.finishAt.getTime() - t.context.now().getTime() + MINUTE);
    expect(await refreshDemoVideoVisit(t.context.db, t.context.now())).toBe('moved');
    const after = await demoRow();
    expect(after.id).toBe(before.id);
    expect(after.startAt.getTime()).toBeLessThanOrEqual(t.context.now().getTime());
    expect(after.finishAt.getTime()).toBeGreaterThan(t.context.now().getTime());
    const [visit] = await janeVideoVisits();
    expect(visit?.allowVideoCall).toBe(true);
  });

  it("takes the first free mark after dr.smith's visits that cover now, at any hour", async () => {
    const demo = await demoRow();
    await t.context.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, demo.id));
    const mark = demoVisitTimes(t.context.now(), 30).startAt.getTime();
    // Clear the demo day around now, then book dr.smith from before the mark to 20 and from 20 to 33 minutes
    // after it: the demo visit must start at the next five-minute mark after the second, 35 minutes on.
    await t.context.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(and(eq(appointments.providerId, demo.providerId), ne(appointments.id, demo.id)));
    const blocker = (fromMinutes: number, toMinutes: number) => ({
      clinicId: demo.clinicId,
      patientUserId: demo.patientUserId,
      providerId: demo.providerId,
      departmentId: demo.departmentId,
      consultationTypeId: demo.consultationTypeId,
      startAt: new Date(mark + fromMinutes * MINUTE),
      finishAt: new Date(mark + toMinutes * MINUTE),
      type: 'office' as const,
      status: 'booked' as const,
      bookedByUserId: demo.patientUserId,
      createdAt: t.context.now(),
    });
    await t.context.db.insert(appointments).values([blocker(-10, 20), blocker(20, 33)]);
    expect(await refreshDemoVideoVisit(t.context.db, t.context.now())).toBe('moved');
    const moved = await demoRow();
    expect(moved.status).toBe('booked');
    expect(moved.startAt.getTime()).toBe(mark + 35 * MINUTE);
    expect(moved.finishAt.getTime() - moved.startAt.getTime()).toBe(
      demo.finishAt.getTime() - demo.startAt.getTime(),
    );
  });

  it('opens a cancelled or completed visit again', async () => {
    for (const status of ['cancelled', 'completed'] as const) {
      await t.context.db
        .update(appointments)
        .set({ status })
        .where(eq(appointments.externalId, DEMO_VIDEO_VISIT_EXTERNAL_ID));
      expect(await refreshDemoVideoVisit(t.context.db, t.context.now())).toBe('moved');
      expect((await demoRow()).status).toBe('booked');
    }
  });
});
