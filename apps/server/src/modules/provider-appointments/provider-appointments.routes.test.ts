import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  RANGE_END_BEFORE_START_TEXT,
  RANGE_OUT_OF_BOUNDS_TEXT,
  RANGE_TOO_LONG_TEXT,
  UNKNOWN_DEPARTMENT_TEXT,
  UNKNOWN_PROVIDER_TEXT,
  appointmentListResponseSchema,
  type AppointmentListResponse,
} from '@app/contracts/provider-appointments';
import type { ProviderPermission } from '@app/contracts/roles';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, departments, providers } from '../../db/schema/clinics.ts';
import { appointmentVisits } from '../../db/schema/provider-visits.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { bearer } from '../patients/patients-test-helpers.ts';

// Decision 0039: GET /api/provider/clinics/:clinicId/appointments — the clinic's appointments across
// providers over a date range (default today + 7 days in the clinic's zone), filtered, searched, paged.

/** A Tuesday, 10:00 in New York: "today" is 2026-11-24 in the clinic's zone. */
const CLOCK_AT = new Date('2026-11-24T10:00:00-05:00');
const ZONE = 'America/New_York';
const TODAY = '2026-11-24';

const at = (date: string, hour: number, minute = 0, zone = ZONE) =>
  DateTime.fromISO(date, { zone }).set({ hour, minute }).toJSDate();

describe('the clinic appointment list (decision 0039)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let foreignWorld: SchedulingWorld;
  let staff: string;
  let noPermission: string;
  let foreignToken: string;
  let patientToken: string;
  let second: { providerId: string; departmentId: string };
  let ids: Record<string, string>;
  const url = (query = '', clinicId = world.clinicId) =>
    `/api/provider/clinics/${clinicId}/appointments${query ? `?${query}` : ''}`;

  async function list(query = '', token = staff): Promise<AppointmentListResponse> {
    const response = await t.app.inject({ url: url(query), headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return appointmentListResponseSchema.parse(response.json());
  }

  /** A provider of the world's clinic with these permissions, logged in. */
  async function memberToken(permissions: ProviderPermission[]): Promise<string> {
    const user = await createTestUser(t.context.db, { memberType: 'doctor' });
    await t.context.db.delete(providers).where(eq(providers.userId, user.id));
    await t.context.db.insert(providers).values({ userId: user.id, clinicId: world.clinicId, permissions });
    return (await loginTokens(t.app, user.username)).access_token;
  }

  async function namedPatient(firstName: string, lastName: string) {
    const patient = await createClinicPatient(t.context.db, world.clinicId);
    await t.context.db.update(users).set({ firstName, lastName }).where(eq(users.id, patient.id));
    return patient.id;
  }

  beforeAll(async () => {
    t = await buildTestApp({ CLOCK_AT });
    const { db } = t.context;
    world = await createSchedulingWorld(db);
    foreignWorld = await createSchedulingWorld(db);
    staff = await memberToken(['APPOINTMENTS', 'PATIENT']);
    noPermission = await memberToken(['PATIENT', 'MESSAGE']);
    foreignToken = (await loginTokens(t.app, foreignWorld.provider.username)).access_token;
    const patient = await createClinicPatient(db, world.clinicId);
    patientToken = (await loginTokens(t.app, patient.username)).access_token;

    // A second provider of the clinic, in a Chicago department (the clinic's zone stays its first
    // department's by name, Test Main Clinic in New York).
    const colleague = await createTestUser(db, { memberType: 'doctor' });
    await db.delete(providers).where(eq(providers.userId, colleague.id));
    const [colleagueProvider] = await db
      .insert(providers)
      .values({ userId: colleague.id, clinicId: world.clinicId, permissions: ['APPOINTMENTS'] })
      .returning({ id: providers.id });
    const [lakeside] = await db
      .insert(departments)
      .values({ clinicId: world.clinicId, name: 'West Side', timezone: 'America/Chicago', city: 'Chicago' })
      .returning({ id: departments.id });
    if (!colleagueProvider || !lakeside) {
      throw new Error('second provider was not created');
    }
    second = { providerId: colleagueProvider.id, departmentId: lakeside.id };

    const ann = await namedPatient('Ann Marie', 'Walker');
    const bob = await namedPatient('Bob', 'Stone');
    const insert = async (
      key: string,
      start: Date,
      options: {
        patientUserId?: string;
        status?: 'booked' | 'confirmed' | 'cancelled' | 'completed';
        type?: 'office' | 'video_call';
        colleague?: boolean;
      } = {},
    ) => {
      const row = await insertAppointment(db, world, {
        patientUserId: options.patientUserId ?? ann,
        startAt: start,
        status: options.status ?? 'booked',
        type: options.type ?? 'office',
        consultationTypeId: options.type === 'video_call' ? world.videoTypeId : world.officeTypeId,
      });
      if (options.colleague) {
        await db
          .update(appointments)
          .set({ providerId: second.providerId, departmentId: second.departmentId })
          .where(eq(appointments.id, row.id));
      }
      return [key, row.id] as const;
    };
    ids = Object.fromEntries([
      await insert('yesterday', at('2026-11-23', 9)),
      await insert('todayEarly', at(TODAY, 8)),
      await insert('arrived', at(TODAY, 11)),
      await insert('checkedIn', at(TODAY, 12)),
      await insert('checkedOut', at(TODAY, 13)),
      await insert('confirmed', at('2026-11-25', 9), { status: 'confirmed', patientUserId: bob }),
      await insert('cancelled', at('2026-11-25', 10), { status: 'cancelled', patientUserId: bob }),
      await insert('video', at('2026-11-26', 9), { type: 'video_call' }),
      await insert('colleague', at('2026-11-26', 9, 0, 'America/Chicago'), { colleague: true }),
      // 23:30 in New York on the last default day is already the next day in UTC: still listed.
      await insert('lastEvening', at('2026-12-01', 23, 30)),
      await insert('dayAfter', at('2026-12-02', 0, 30)),
    ]);
    await db.insert(appointmentVisits).values([
      { appointmentId: ids.arrived ?? '', visitStatus: 'arrived' },
      { appointmentId: ids.checkedIn ?? '', visitStatus: 'check-in' },
      { appointmentId: ids.checkedOut ?? '', visitStatus: 'check-out' },
    ]);
    // Another clinic's appointment in the same days never appears.
    const foreignPatient = await createClinicPatient(db, foreignWorld.clinicId);
    await db.insert(clinicPatients).values({ clinicId: world.clinicId, userId: foreignPatient.id });
    ids.foreign = (
      await insertAppointment(db, foreignWorld, { patientUserId: foreignPatient.id, startAt: at(TODAY, 9) })
    ).id;
  });
  afterAll(() => t.close());

  it('lists today and the next 7 days of every provider of the clinic by start time', async () => {
    const body = await list();
    expect(body).toMatchObject({
      from: TODAY,
      to: '2026-12-01',
      today: TODAY,
      minDate: '2025-11-24',
      maxDate: '2027-11-24',
      timezone: ZONE,
      page: 1,
      pageSize: 25,
      total: 9,
    });
    expect(body.appointments.map((row) => row.appointmentId)).toEqual(
      [
        'todayEarly',
        'arrived',
        'checkedIn',
        'checkedOut',
        'confirmed',
        'cancelled',
        'video',
        'colleague',
        'lastEvening',
      ].map((key) => ids[key]),
    );
    const colleague = body.appointments.find((row) => row.appointmentId === ids.colleague);
    expect(colleague).toMatchObject({
      departmentName: 'West Side',
      locationName: 'Chicago',
      timezone: 'America/Chicago',
      doctorId: second.providerId,
      day: 'future',
    });
    // In the appointment's own zone, with its offset.
    expect(colleague?.appointmentStartAt).toBe('2026-11-26T09:00:00-06:00');
    expect(body.appointments[0]).toMatchObject({ day: 'today', status: 'booked', type: 'office' });
    expect(body.appointments.some((row) => row.appointmentId === ids.foreign)).toBe(false);
  });

  it('reads the status from the appointment and its visit', async () => {
    const body = await list();
    const statusOf = (key: string) => body.appointments.find((row) => row.appointmentId === ids[key])?.status;
    expect({
      todayEarly: statusOf('todayEarly'),
      arrived: statusOf('arrived'),
      checkedIn: statusOf('checkedIn'),
      checkedOut: statusOf('checkedOut'),
      confirmed: statusOf('confirmed'),
      cancelled: statusOf('cancelled'),
    }).toEqual({
      todayEarly: 'booked',
      arrived: 'arrived',
      checkedIn: 'checked-in',
      checkedOut: 'completed',
      confirmed: 'confirmed',
      cancelled: 'cancelled',
    });
    const cancelled = body.appointments.find((row) => row.appointmentId === ids.cancelled);
    expect(cancelled?.isCancellable).toBe(false);
  });

  it('filters by provider, department, status, visit type and patient name', async () => {
    const idsOf = (body: AppointmentListResponse) => body.appointments.map((row) => row.appointmentId);
    expect(idsOf(await list(`providerIds=${second.providerId}`))).toEqual([ids.colleague]);
    expect(idsOf(await list(`departmentUuids=${second.departmentId}`))).toEqual([ids.colleague]);
    expect(idsOf(await list('statuses=cancelled,confirmed'))).toEqual([ids.confirmed, ids.cancelled]);
    expect(idsOf(await list('statuses=arrived,checked-in'))).toEqual([ids.arrived, ids.checkedIn]);
    expect(idsOf(await list('types=video_call'))).toEqual([ids.video]);
    // Each word starts the first or the last name, or a later word of them ("Marie"); any case.
    expect((await list('q=marie%20walk')).total).toBe(7);
    expect(idsOf(await list('q=STONE'))).toEqual([ids.confirmed, ids.cancelled]);
    expect((await list('q=tone')).total).toBe(0);
    // A percent sign is a character, not a wildcard.
    expect((await list('q=%25')).total).toBe(0);
    const both = await list(`statuses=booked&types=office&providerIds=${world.provider.providerId}`);
    expect(idsOf(both)).toEqual([ids.todayEarly, ids.lastEvening]);
  });

  it('takes a range of its own, each day read in the appointment zone', async () => {
    const body = await list('from=2026-11-23&to=2026-11-23');
    expect(body.appointments.map((row) => row.appointmentId)).toEqual([ids.yesterday]);
    expect(body.appointments[0]?.day).toBe('past');
    expect((await list('from=2026-12-02')).appointments.map((row) => row.appointmentId)).toEqual([
      ids.dayAfter,
    ]);
    // 31 days counting both ends is the longest range.
    expect((await list('from=2026-11-01&to=2026-12-01')).total).toBe(10);
  });

  it('pages by 25 without overlap', async () => {
    const patientUserId = await namedPatient('Paige', 'Turner');
    for (let i = 0; i < 27; i += 1) {
      await insertAppointment(t.context.db, world, {
        patientUserId,
        startAt: new Date(at('2026-12-10', 6).getTime() + i * 30 * 60_000),
      });
    }
    const query = 'from=2026-12-10&to=2026-12-10&q=paige';
    const first = await list(query);
    const secondPage = await list(`${query}&page=2`);
    expect([first.total, first.appointments.length, secondPage.appointments.length]).toEqual([27, 25, 2]);
    const seen = new Set([...first.appointments, ...secondPage.appointments].map((row) => row.appointmentId));
    expect(seen.size).toBe(27);
    const starts = [...first.appointments, ...secondPage.appointments].map((row) => row.appointmentStartAt);
    expect(starts).toEqual([...starts].sort());
    // Past the last page: no rows, the total still says how many there are.
    const beyond = await list(`${query}&page=3`);
    expect([beyond.total, beyond.appointments.length]).toEqual([27, 0]);
  });

  it('answers bad dates, ranges and lists with a clear 400', async () => {
    const cases: [string, string | null][] = [
      ['from=2026-02-30', null],
      ['from=tomorrow', null],
      ['from=2026-11-24&to=2026-11-23', RANGE_END_BEFORE_START_TEXT],
      ['to=2026-11-20', RANGE_END_BEFORE_START_TEXT],
      ['from=2026-11-01&to=2026-12-02', RANGE_TOO_LONG_TEXT],
      ['from=2024-01-01&to=2024-01-02', RANGE_OUT_OF_BOUNDS_TEXT],
      ['from=2027-11-20', RANGE_OUT_OF_BOUNDS_TEXT],
      ['page=0', null],
      ['page=two', null],
      ['statuses=pending', null],
      ['types=phone', null],
      ['providerIds=not-a-uuid', null],
      [`q=${'x'.repeat(101)}`, null],
    ];
    for (const [query, message] of cases) {
      const response = await t.app.inject({ url: url(query), headers: bearer(staff) });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      const body = response.json<{ message: string }>();
      expect(body.message, query).toBeTruthy();
      if (message) {
        expect(body.message).toBe(message);
      }
    }
  });

  it("answers another clinic's provider or department with 404", async () => {
    for (const [query, message] of [
      [`providerIds=${foreignWorld.provider.providerId}`, UNKNOWN_PROVIDER_TEXT],
      [`providerIds=${second.providerId},${foreignWorld.provider.providerId}`, UNKNOWN_PROVIDER_TEXT],
      [`departmentUuids=${foreignWorld.departmentId}`, UNKNOWN_DEPARTMENT_TEXT],
    ] as const) {
      const response = await t.app.inject({ url: url(query), headers: bearer(staff) });
      expect(response.statusCode, query).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
  });

  it('needs APPOINTMENTS, a provider and the clinic of the token', async () => {
    expect((await t.app.inject({ url: url() })).statusCode).toBe(401);
    expect((await t.app.inject({ url: url(), headers: bearer(patientToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: url(), headers: bearer(noPermission) })).statusCode).toBe(403);
    // A provider of another clinic: 404, as if the clinic did not exist.
    expect((await t.app.inject({ url: url(), headers: bearer(foreignToken) })).statusCode).toBe(404);
    // In their own clinic they see only that clinic's appointment.
    const own = await t.app.inject({ url: url('', foreignWorld.clinicId), headers: bearer(foreignToken) });
    expect(own.statusCode).toBe(200);
    expect(
      appointmentListResponseSchema.parse(own.json()).appointments.map((row) => row.appointmentId),
    ).toEqual([ids.foreign]);
  });
});
