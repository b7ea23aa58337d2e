import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenResponseSchema } from '@app/contracts/auth';
import { confirmPatientSchema } from '@app/contracts/confirm-patient';
import { users } from '../../db/schema/accounts.ts';
import { checkIns } from '../../db/schema/check-in.ts';
import { familyMembers } from '../../db/schema/family.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens, PORTAL_CLIENT } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { bearer } from '../patients/patients-test-helpers.ts';

// Issue 16: spec 1 §2 rule 3 {role}/confirm-patient — who is checking in (name, date of birth) and
// today's visits; the kiosk reads the patient of a visit of its clinic (decision 0036).

const SELF = '/api/check-in/confirm-patient';
const kiosk = (appointmentId: string) => `/api/self-check-in/appointments/${appointmentId}/confirm-patient`;
const UNKNOWN_ID = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
/** A Tuesday, 10:00 in New York (the scheduling world's zone). */
const CLOCK_AT = '2026-12-01T10:00:00-05:00';
const at = (iso: string) => new Date(iso);

async function namedPatient(t: TestApp, world: SchedulingWorld, firstName: string, birthdate: string | null) {
  const patient = await createClinicPatient(t.context.db, world.clinicId);
  await t.context.db
    .update(users)
    .set({ firstName, lastName: 'Checkin', birthdate })
    .where(eq(users.id, patient.id));
  return { ...patient, token: (await loginTokens(t.app, patient.username)).access_token };
}

describe("confirm patient: the patient's own name, date of birth and today's visits", () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let ada: Awaited<ReturnType<typeof namedPatient>>;
  let ben: Awaited<ReturnType<typeof namedPatient>>;
  let morning: string;
  let afternoon: string;
  let tomorrow: string;
  let cancelled: string;
  let bensVisit: string;

  beforeAll(async () => {
    t = await buildTestApp({
      CLOCK_AT: at(CLOCK_AT),
      AUTH_RATE_LIMIT_PER_IP: 10_000,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
    });
    world = await createSchedulingWorld(t.context.db);
    ada = await namedPatient(t, world, 'Ada', '1980-04-12');
    ben = await namedPatient(t, world, 'Ben', null);
    const visit = async (patientUserId: string, startAt: string, status?: 'cancelled' | 'completed') =>
      (await insertAppointment(t.context.db, world, { patientUserId, startAt: at(startAt), status })).id;
    afternoon = await visit(ada.id, '2026-12-01T14:00:00-05:00');
    // Already begun or over, but still today: a late patient still checks in.
    morning = await visit(ada.id, '2026-12-01T08:00:00-05:00');
    cancelled = await visit(ada.id, '2026-12-01T15:00:00-05:00', 'cancelled');
    await visit(ada.id, '2026-12-01T16:00:00-05:00', 'completed');
    tomorrow = await visit(ada.id, '2026-12-02T09:00:00-05:00');
    await visit(ada.id, '2026-11-30T17:00:00-05:00');
    bensVisit = await visit(ben.id, '2026-12-01T11:00:00-05:00');
    await t.context.db.insert(checkIns).values({ appointmentId: morning, finishedAt: t.context.now() });
  });
  afterAll(() => t.close());

  it("answers the patient's name and date of birth and today's live visits, soonest first", async () => {
    const response = await t.app.inject({ url: SELF, headers: bearer(ada.token) });
    expect(response.statusCode).toBe(200);
    const body = confirmPatientSchema.parse(response.json());
    expect(body.patient).toEqual({
      userId: ada.id,
      firstName: 'Ada',
      lastName: 'Checkin',
      name: 'Ada Checkin',
      birthdate: '1980-04-12',
    });
    expect(body.appointments.map((item) => item.id)).toEqual([morning, afternoon]);
    expect(body.appointments[1]).toMatchObject({
      startAt: '2026-12-01T14:00:00-05:00',
      timezone: 'America/New_York',
      clinicName: expect.any(String),
      departmentName: 'Test Main Clinic',
      consultationTypeTitle: 'Office visit',
      type: 'office',
      isCheckedIn: false,
    });
    expect(body.appointments[1]?.doctorName).toMatch(/^Test User /);
    // The morning visit's check-in is finished.
    expect(body.appointments[0]?.isCheckedIn).toBe(true);
  });

  it('answers an empty list when nothing is today, and a null date of birth when the account has none', async () => {
    const other = await namedPatient(t, world, 'Cy', null);
    const body = confirmPatientSchema.parse(
      (await t.app.inject({ url: SELF, headers: bearer(other.token) })).json(),
    );
    expect(body.patient).toMatchObject({ name: 'Cy Checkin', birthdate: null });
    expect(body.appointments).toEqual([]);
  });

  it('answers one named visit of the patient, also on another day', async () => {
    const body = confirmPatientSchema.parse(
      (await t.app.inject({ url: `${SELF}?appointmentId=${tomorrow}`, headers: bearer(ada.token) })).json(),
    );
    expect(body.appointments.map((item) => item.id)).toEqual([tomorrow]);
  });

  it("answers 404 for another patient's, a cancelled or an unknown visit, and 400 for a malformed id", async () => {
    for (const id of [bensVisit, cancelled, UNKNOWN_ID]) {
      const response = await t.app.inject({ url: `${SELF}?appointmentId=${id}`, headers: bearer(ada.token) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Appointment not found.' });
    }
    const malformed = await t.app.inject({ url: `${SELF}?appointmentId=nope`, headers: bearer(ada.token) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: expect.any(String) });
  });

  it('refuses a provider (403) and a caller without a token (401)', async () => {
    const provider = (await loginTokens(t.app, world.provider.username)).access_token;
    expect((await t.app.inject({ url: SELF, headers: bearer(provider) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: SELF })).statusCode).toBe(401);
  });

  it("in a family member's session (spec 3 §4) answers the member, not the primary user", async () => {
    await t.context.db.insert(familyMembers).values({ primaryUserId: ben.id, memberUserId: ada.id });
    const switched = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: bearer(ben.token),
      payload: { grant_type: 'family', client_id: PORTAL_CLIENT, family_user_id: ada.id },
    });
    expect(switched.statusCode).toBe(200);
    const memberToken = tokenResponseSchema.parse(switched.json()).access_token;
    const body = confirmPatientSchema.parse(
      (await t.app.inject({ url: SELF, headers: bearer(memberToken) })).json(),
    );
    expect(body.patient.userId).toBe(ada.id);
    expect(body.appointments.map((item) => item.id)).toEqual([morning, afternoon]);
  });
});

describe('confirm patient: "today" is the date in the visit\'s own zone', () => {
  let t: TestApp;

  beforeAll(async () => {
    // 23:30 in New York is already the next day in UTC.
    t = await buildTestApp({ CLOCK_AT: at('2026-12-01T23:30:00-05:00') });
  });
  afterAll(() => t.close());

  it('keeps the evening visit of today and leaves out tomorrow morning', async () => {
    const world = await createSchedulingWorld(t.context.db);
    const patient = await namedPatient(t, world, 'Eve', '1990-01-31');
    const evening = await insertAppointment(t.context.db, world, {
      patientUserId: patient.id,
      startAt: at('2026-12-01T21:00:00-05:00'),
    });
    await insertAppointment(t.context.db, world, {
      patientUserId: patient.id,
      startAt: at('2026-12-02T09:00:00-05:00'),
    });
    const body = confirmPatientSchema.parse(
      (await t.app.inject({ url: SELF, headers: bearer(patient.token) })).json(),
    );
    expect(body.appointments.map((item) => item.id)).toEqual([evening.id]);
  });
});

describe('confirm patient on the kiosk (self check-in): the patient of a visit of the clinic', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let providerToken: string;
  let otherProviderToken: string;
  let patient: Awaited<ReturnType<typeof namedPatient>>;
  let visitId: string;
  let cancelledId: string;

  beforeAll(async () => {
    t = await buildTestApp({
      CLOCK_AT: at(CLOCK_AT),
      AUTH_RATE_LIMIT_PER_IP: 10_000,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
    });
    world = await createSchedulingWorld(t.context.db);
    const otherWorld = await createSchedulingWorld(t.context.db);
    patient = await namedPatient(t, world, 'Kim', '1975-06-30');
    visitId = (
      await insertAppointment(t.context.db, world, {
        patientUserId: patient.id,
        startAt: at('2026-12-01T11:00:00-05:00'),
      })
    ).id;
    cancelledId = (
      await insertAppointment(t.context.db, world, {
        patientUserId: patient.id,
        startAt: at('2026-12-01T12:00:00-05:00'),
        status: 'cancelled',
      })
    ).id;
    providerToken = (await loginTokens(t.app, world.provider.username)).access_token;
    otherProviderToken = (await loginTokens(t.app, otherWorld.provider.username)).access_token;
  });
  afterAll(() => t.close());

  it("answers the visit's patient with that one visit", async () => {
    const response = await t.app.inject({ url: kiosk(visitId), headers: bearer(providerToken) });
    expect(response.statusCode).toBe(200);
    const body = confirmPatientSchema.parse(response.json());
    expect(body.patient).toMatchObject({ userId: patient.id, name: 'Kim Checkin', birthdate: '1975-06-30' });
    expect(body.appointments.map((item) => item.id)).toEqual([visitId]);
  });

  it("answers 404 for another clinic's, a cancelled or an unknown visit; 400 for a malformed id", async () => {
    for (const [token, id] of [
      [otherProviderToken, visitId],
      [providerToken, cancelledId],
      [providerToken, UNKNOWN_ID],
    ] as const) {
      const response = await t.app.inject({ url: kiosk(id), headers: bearer(token) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Appointment not found.' });
    }
    expect((await t.app.inject({ url: kiosk('nope'), headers: bearer(providerToken) })).statusCode).toBe(400);
  });

  it('refuses the patient (403) and a caller without a token (401)', async () => {
    expect((await t.app.inject({ url: kiosk(visitId), headers: bearer(patient.token) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: kiosk(visitId) })).statusCode).toBe(401);
  });
});
