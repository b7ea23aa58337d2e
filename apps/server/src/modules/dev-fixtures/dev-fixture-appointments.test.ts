import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDataIfEmpty } from '../../seed/seed-demo-data.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('development fixture: appointments', () => {
  let t: TestApp;
  let patientId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoDataIfEmpty(t.context.db, t.context.now());
    const user = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/users',
      payload: { username: 'fixture.booked', password: 'Fixture#Pass1' },
    });
    patientId = user.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await t.close();
  });

  const book = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/appointments',
      payload: { userId: patientId, ...payload },
    });

  it("takes dr.smith's first free slot from the given day, then the next one", async () => {
    const first = await book({ daysAhead: 2 });
    expect(first.statusCode, first.body).toBe(201);
    const second = await book({ daysAhead: 2 });
    expect(second.statusCode, second.body).toBe(201);
    const a = DateTime.fromISO(first.json<{ startAt: string }>().startAt, { setZone: true });
    const b = DateTime.fromISO(second.json<{ startAt: string }>().startAt, { setZone: true });
    expect(b > a).toBe(true);
    expect(a.diff(DateTime.now().setZone(a.zone).startOf('day'), 'days').days).toBeGreaterThanOrEqual(2);
  });

  it('writes a past visit at a given time, and refuses a clash or an unknown offer', async () => {
    const startAt = DateTime.now()
      .setZone('America/New_York')
      .minus({ days: 10 })
      .set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    const past = await book({ startAt: startAt.toISO(), status: 'completed' });
    expect(past.statusCode, past.body).toBe(201);
    expect((await book({ startAt: startAt.toISO() })).statusCode).toBe(409);
    expect((await book({ consultationTypeName: 'No such visit' })).statusCode).toBe(400);
  });
});
