import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentLookupPath, type AppointmentLookupResult } from '@app/contracts/appointment-lookup';
import { NO_PATIENT_ACCESS_TEXT } from '@app/contracts/patient-texts';
import type { ProviderPermission } from '@app/contracts/roles';
import { users } from '../../db/schema/accounts.ts';
import { providers } from '../../db/schema/clinics.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { bearer } from './patients-test-helpers.ts';

// Issue 17 item 2 (decision 0041): a provider with APPOINTMENTS but not PATIENT looks a patient up
// and books for them; PATIENT still gates the patient chart. Permissions count at the clinic the
// call names, never pooled across the provider's clinics.

describe('appointment look-up and booking with APPOINTMENTS only (spec 3 §2, §6)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let otherWorld: SchedulingWorld;
  /** APPOINTMENTS only at world's clinic (like the demo's dr.limited). */
  let limited: string;
  /** A colleague at world's clinic with MESSAGE only. */
  let noAppointments: string;
  /** APPOINTMENTS at a clinic of their own, only PATIENT at world's clinic. */
  let split: { token: string; ownClinicId: string };
  /** A provider of another clinic, with every permission there. */
  let foreign: string;
  let rita: { id: string; memberId: string };
  let other: { id: string };

  /** A doctor who belongs to world's clinic with these permissions (plus a clinic of their own). */
  async function colleague(permissions: ProviderPermission[], ownPermissions: ProviderPermission[] = []) {
    const doctor = await createTestUser(t.context.db, { memberType: 'doctor', permissions: ownPermissions });
    await t.context.db.insert(providers).values({ userId: doctor.id, clinicId: world.clinicId, permissions });
    const [own] = await t.context.db
      .select({ clinicId: providers.clinicId })
      .from(providers)
      .where(eq(providers.userId, doctor.id));
    return {
      token: (await loginTokens(t.app, doctor.username)).access_token,
      ownClinicId: own?.clinicId ?? '',
    };
  }

  const lookup = (token: string, query: Record<string, string>, clinicId = world.clinicId) =>
    t.app.inject({
      method: 'GET',
      url: `${appointmentLookupPath(clinicId)}?${new URLSearchParams(query).toString()}`,
      headers: bearer(token),
    });

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    otherWorld = await createSchedulingWorld(t.context.db);
    limited = (await colleague(['APPOINTMENTS'])).token;
    noAppointments = (await colleague(['MESSAGE'])).token;
    split = await colleague(['PATIENT'], ['APPOINTMENTS']);
    foreign = (await loginTokens(t.app, otherWorld.provider.username)).access_token;
    const patient = await createClinicPatient(t.context.db, world.clinicId);
    await t.context.db
      .update(users)
      .set({ firstName: 'Rita', lastName: 'Lookupova', birthdate: '1990-12-24' })
      .where(eq(users.id, patient.id));
    rita = { id: patient.id, memberId: patient.memberId };
    // Same name, another clinic: never part of world's answers.
    const elsewhere = await createClinicPatient(t.context.db, otherWorld.clinicId);
    await t.context.db
      .update(users)
      .set({ firstName: 'Rita', lastName: 'Lookupova', birthdate: '1990-12-24' })
      .where(eq(users.id, elsewhere.id));
    other = { id: elsewhere.id };
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an APPOINTMENTS-only provider with what booking needs and nothing more', async () => {
    const response = await lookup(limited, { query: 'rit look', birthDate: '1990-12-24' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AppointmentLookupResult>();
    expect(body.items).toEqual([
      { id: rita.id, userId: rita.id, name: 'Rita Lookupova', birthdate: '1990-12-24' },
    ]);
    // No member number, contact or address leaves the server.
    expect(response.body).not.toContain(rita.memberId);
    expect(response.body).not.toContain('@example.com');
    expect(response.body).not.toContain(other.id);
  });

  it('finds by date of birth alone, and never by member number', async () => {
    const byBirth = await lookup(limited, { birthDate: '1990-12-24' });
    expect(byBirth.json<AppointmentLookupResult>().items.map((item) => item.id)).toEqual([rita.id]);
    const byMemberId = await lookup(limited, { query: rita.memberId });
    expect(byMemberId.statusCode).toBe(200);
    expect(byMemberId.json<AppointmentLookupResult>().items).toEqual([]);
    const wrongBirth = await lookup(limited, { query: 'Rita', birthDate: '1990-12-25' });
    expect(wrongBirth.json<AppointmentLookupResult>().items).toEqual([]);
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'Type at least 2 characters of a name or a date of birth.'],
      [{ query: ' r ' }, 'Type at least 2 characters of a name or a date of birth.'],
      [{ query: 'Rita', birthDate: '24/12/1990' }, 'The date of birth must be a date (yyyy-MM-dd).'],
      [{ query: 'x'.repeat(101) }, 'The search text is too long (at most 100 characters).'],
    ];
    for (const [query, message] of cases) {
      const response = await lookup(limited, query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(JSON.stringify(response.json())).toContain(message);
    }
  });

  it("refuses a provider without APPOINTMENTS at that clinic with spec 3's no-access text", async () => {
    const none = await lookup(noAppointments, { query: 'Rita' });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ message: NO_PATIENT_ACCESS_TEXT, code: 'missing_permission' });
    // APPOINTMENTS at another of their clinics does not count here (not pooled) …
    const elsewhere = await lookup(split.token, { query: 'Rita' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ message: NO_PATIENT_ACCESS_TEXT });
    // … but does at that clinic.
    const own = await lookup(split.token, { query: 'Rita' }, split.ownClinicId);
    expect(own.statusCode).toBe(200);
    expect(own.json<AppointmentLookupResult>().items).toEqual([]);
  });

  it('refuses a clinic the provider does not belong to (404), a patient (403) and no token (401)', async () => {
    const stranger = await lookup(foreign, { query: 'Rita' });
    expect(stranger.statusCode).toBe(404);
    const limitedElsewhere = await lookup(limited, { query: 'Rita' }, otherWorld.clinicId);
    expect(limitedElsewhere.statusCode).toBe(404);
    const patient = await createClinicPatient(t.context.db, world.clinicId);
    const patientToken = (await loginTokens(t.app, patient.username)).access_token;
    expect((await lookup(patientToken, { query: 'Rita' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${appointmentLookupPath(world.clinicId)}?query=Rita`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the patient chart closed to the APPOINTMENTS-only provider (PATIENT gates it)', async () => {
    const base = `/api/provider/clinics/${world.clinicId}/patients`;
    for (const url of [
      `${base}?query=Rita`,
      `${base}/${rita.id}`,
      `${base}/${rita.id}/contacts`,
      `${base}/${rita.id}/payments`,
      `${base}/${rita.id}/signed-documents`,
      `${base}/${rita.id}/time-entries`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(limited) });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    }
    // PATIENT held at another of the provider's clinics does not open this clinic's charts.
    const pooled = await colleague(['APPOINTMENTS'], ['PATIENT']);
    const pooledChart = await t.app.inject({
      method: 'GET',
      url: `${base}/${rita.id}`,
      headers: bearer(pooled.token),
    });
    expect(pooledChart.statusCode).toBe(403);
    // The other direction: PATIENT at this clinic opens the chart without APPOINTMENTS.
    const chart = await t.app.inject({
      method: 'GET',
      url: `${base}/${rita.id}`,
      headers: bearer(split.token),
    });
    expect(chart.statusCode).toBe(200);
  });

  it('lets the APPOINTMENTS-only provider go through provider-select, slots and book for the patient', async () => {
    const auth = bearer(limited);
    const from = DateTime.fromJSDate(t.context.now()).setZone(world.timezone).plus({ days: 1 });
    const providersList = await t.app.inject({
      method: 'GET',
      url: `/api/scheduling/providers?clinicUuid=${world.clinicId}&fromDate=${from.toISODate() ?? ''}`,
      headers: auth,
    });
    expect(providersList.statusCode, providersList.body).toBe(200);
    expect(providersList.json<{ providers: { id: string }[] }>().providers.map((p) => p.id)).toContain(
      world.provider.providerId,
    );

    const slotQuery = new URLSearchParams({
      clinicUuid: world.clinicId,
      providerId: world.provider.providerId,
      consultationTypeId: world.officeTypeId,
      departmentUuid: world.departmentId,
      startAt: from.toISODate() ?? '',
      finishAt: from.plus({ days: 6 }).toISODate() ?? '',
      userId: rita.id,
    });
    const slots = await t.app.inject({
      method: 'GET',
      url: `/api/scheduling/time-slots?${slotQuery.toString()}`,
      headers: auth,
    });
    expect(slots.statusCode, slots.body).toBe(200);
    const [first] =
      slots.json<{ startTimestamp: number; startAt: string; finishAt: string; externalId: string }[]>();
    if (!first) {
      throw new Error('the test provider offers no slot in the coming week');
    }

    const hold = await t.app.inject({
      method: 'POST',
      url: '/api/scheduling/time-slots/freeze',
      headers: auth,
      payload: {
        clinicUuid: world.clinicId,
        doctorId: world.provider.providerId,
        consultationId: world.officeTypeId,
        departmentUuid: world.departmentId,
        startAtTimestamp: first.startTimestamp,
        userId: rita.id,
      },
    });
    expect(hold.statusCode, hold.body).toBe(200);

    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: auth,
      payload: {
        clinicUuid: world.clinicId,
        departmentUuid: world.departmentId,
        providerId: world.provider.providerId,
        consultationTypeId: world.officeTypeId,
        startAt: first.startAt,
        finishAt: first.finishAt,
        externalId: first.externalId,
        flexibleDayList: [],
        userId: rita.id,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { id } = booked.json<{ id: string }>();
    const [row] = await t.context.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ patientUserId: rita.id, status: 'booked' });

    // The summary screen reads the appointment back.
    const read = await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, headers: auth });
    expect(read.statusCode, read.body).toBe(200);
  });
});
