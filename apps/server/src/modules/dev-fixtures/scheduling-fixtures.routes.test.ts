import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulingOptions, TimeSlot } from '@app/contracts/scheduling';
import { DEMO_CLINIC_NUMBER, DEMO_PASSWORD, seedDemoDataIfEmpty } from '../../seed/seed-demo-data.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { passwordGrant, type Tokens } from '../auth/auth-test-helpers.ts';

describe('scheduling fixtures on the demo clinic', () => {
  let t: TestApp;
  let token: string;
  let options: SchedulingOptions;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    await seedDemoDataIfEmpty(t.context.db, t.context.now());
    token = (await passwordGrant(t.app, 'jane.patient', DEMO_PASSWORD)).json<Tokens>().access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds a bookable provider and time off that the slot search honours', async () => {
    const providers = await t.app.inject({
      url: '/api/scheduling/providers?clinicUuid=00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(providers.statusCode).toBe(404);
    // Jane's clinic id comes from her clinic's scheduling options.
    const { clinicId } = await t.context.db.query.clinics
      .findFirst({ where: (clinic, { eq }) => eq(clinic.clinicNumber, DEMO_CLINIC_NUMBER) })
      .then((clinic) => ({ clinicId: clinic?.id ?? '' }));
    options = (
      await t.app.inject({
        url: `/api/clinics/${clinicId}/scheduling-options`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<SchedulingOptions>();
    expect(options.modules).toHaveLength(4);

    const created = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/scheduling/providers',
      payload: {
        clinicNumber: DEMO_CLINIC_NUMBER,
        lastName: 'Fixture',
        departmentName: 'Riverside Main Clinic',
        consultationTypeNames: ['Follow-up'],
        start: '10:00',
        end: '11:00',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { providerId } = created.json<{ providerId: string }>();
    const department = options.departments.find((d) => d.name === 'Riverside Main Clinic');
    const types = (
      await t.app.inject({
        url: `/api/scheduling/consultation-types?clinicUuid=${clinicId}&providerId=${providerId}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ consultationTypes: { id: string; title: string }[] }>().consultationTypes;
    expect(types.map((type) => type.title)).toEqual(['Follow-up']);
    const day = DateTime.now().setZone('America/New_York').plus({ days: 2 }).startOf('day');
    const query = new URLSearchParams({
      clinicUuid: clinicId,
      providerId,
      consultationTypeId: types[0]?.id ?? '',
      departmentUuid: department?.uuid ?? '',
      startAt: day.toISODate() ?? '',
      finishAt: day.toISODate() ?? '',
    });
    const read = async () =>
      (
        await t.app.inject({
          url: `/api/scheduling/time-slots?${query.toString()}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json<TimeSlot[]>();
    expect((await read()).map((slot) => slot.startAt.slice(11, 16))).toEqual([
      '10:00',
      '10:15',
      '10:30',
      '10:45',
    ]);

    const off = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/scheduling/time-off',
      payload: {
        providerId,
        startAt: day.set({ hour: 10, minute: 15 }).toISO(),
        finishAt: day.set({ hour: 10, minute: 45 }).toISO(),
      },
    });
    expect(off.statusCode).toBe(201);
    expect((await read()).map((slot) => slot.startAt.slice(11, 16))).toEqual(['10:00', '10:45']);
  });

  it('refuses unknown catalogue names with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/scheduling/providers',
      payload: {
        clinicNumber: DEMO_CLINIC_NUMBER,
        departmentName: 'Nowhere',
        consultationTypeNames: ['Follow-up'],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('Unknown department or consultation type.');
  });
});
