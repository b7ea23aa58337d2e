import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@app/contracts/appointments';
import { appointments } from '../db/schema/scheduling.ts';
import { findFreeSlots } from '../modules/scheduling/availability.service.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';

describe('demo appointments of jane.patient (issue 4)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
    await seedDemoDataIfEmpty(t.context.db, t.context.now());
    const login = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'password', client_id: '34', username: 'jane.patient', password: DEMO_PASSWORD },
    });
    token = login.json<{ access_token: string }>().access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists one upcoming office visit a few days ahead and one past visit, on the provider grid', async () => {
    const today = DateTime.now().setZone('America/New_York').startOf('day');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?startAt=${today.minus({ days: 60 }).toISODate() ?? ''}&finishAt=${
        today.plus({ days: 30 }).toISODate() ?? ''
      }`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<{ appointments: Appointment[] }>().appointments;
    expect(list).toHaveLength(2);
    const [past, upcoming] = list;
    expect(past).toMatchObject({
      status: 'completed',
      isCancellable: false,
      consultationTypeTitle: 'New patient visit',
    });
    expect(upcoming).toMatchObject({
      status: 'booked',
      type: 'office',
      isCancellable: true,
      canPatientCancel: true,
      consultationTypeTitle: 'Follow-up',
      departmentName: 'Riverside Main Clinic',
      doctorName: 'Alice Smith, MD',
    });
    const upcomingDay = DateTime.fromISO(upcoming?.startAt ?? '', { setZone: true });
    expect(upcomingDay.diff(today, 'days').days).toBeGreaterThanOrEqual(3);

    // On the grid: once cancelled, exactly that time is offered as a free slot again.
    const key = {
      clinicId: upcoming?.clinicUuid ?? '',
      providerId: upcoming?.providerId ?? '',
      departmentId: upcoming?.departmentUuid ?? '',
      consultationTypeId: upcoming?.consultationTypeId ?? '',
      fromDate: upcomingDay.toISODate() ?? '',
      toDate: upcomingDay.toISODate() ?? '',
      patientUserId: null,
      now: new Date(),
    };
    const startOf = (slots: { startAt: string }[]) => slots.map((slot) => slot.startAt);
    expect(startOf(await findFreeSlots(t.context.db, key))).not.toContain(upcoming?.startAt);
    await t.context.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.id, upcoming?.id ?? ''));
    expect(startOf(await findFreeSlots(t.context.db, key))).toContain(upcoming?.startAt);
  });
});
