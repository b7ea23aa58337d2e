import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_HELD_TEXT } from '@app/contracts/appointments';
import {
  MAX_ACTIVE_HOLDS_PER_PATIENT,
  PROVIDER_ROW_SLOT_COUNT,
  RECURRING_VISIT_COUNT,
  type RecurringVisitEntry,
  type SchedulingOptions,
  type SchedulingProvider,
  timeSlotSchema,
  type TimeSlot,
} from '@app/contracts/scheduling';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { providerTimeOff } from '../../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createPatient,
  createProvider,
  createSchedulingWorld,
  type SchedulingWorld,
} from './scheduling-test-helpers.ts';

const NY = 'America/New_York';

describe('scheduling routes (spec 2 §2, §4, §7; issue 4)', () => {
  let t: TestApp;
  let w: SchedulingWorld;
  let elsewhere: SchedulingWorld;
  const tokens = new Map<string, string>();

  async function token(username: string): Promise<string> {
    const cached = tokens.get(username);
    if (cached) {
      return cached;
    }
    const fresh = (await loginTokens(t.app, username)).access_token;
    tokens.set(username, fresh);
    return fresh;
  }
  async function get(username: string | null, url: string, query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    return t.app.inject({
      method: 'GET',
      url: search ? `${url}?${search}` : url,
      headers: username ? { authorization: `Bearer ${await token(username)}` } : {},
    });
  }
  async function post(username: string | null, url: string, payload: object) {
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: username ? { authorization: `Bearer ${await token(username)}` } : {},
    });
  }
  /** Moves the server clock; tokens are renewed because they follow the same clock. */
  function advance(ms: number) {
    t.advanceClock(ms);
    tokens.clear();
  }
  const localDay = (plusDays: number) =>
    DateTime.fromJSDate(t.context.now(), { zone: NY }).plus({ days: plusDays }).toISODate() ?? '';

  function slotQuery(world: SchedulingWorld, from: string, to: string, extra: Record<string, string> = {}) {
    return {
      clinicUuid: world.clinicId,
      providerId: world.providerId,
      consultationTypeId: world.typeId,
      departmentUuid: world.departmentId,
      startAt: from,
      finishAt: to,
      ...extra,
    };
  }
  async function slots(username: string, world: SchedulingWorld, from: string, to = from, extra = {}) {
    const response = await get(username, '/api/scheduling/time-slots', slotQuery(world, from, to, extra));
    expect(response.statusCode, response.body).toBe(200);
    // The route serialises without the response check (scheduling.routes.ts): every answer is checked
    // here, extra fields included.
    return z.array(timeSlotSchema.strict()).parse(response.json());
  }
  function freezeBody(world: SchedulingWorld, slot: TimeSlot, extra: Record<string, unknown> = {}) {
    return {
      clinicUuid: world.clinicId,
      doctorId: world.providerId,
      consultationId: world.typeId,
      departmentUuid: world.departmentId,
      startAtTimestamp: slot.startTimestamp,
      ...extra,
    };
  }

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    w = await createSchedulingWorld(t.context.db);
    elsewhere = await createSchedulingWorld(t.context.db);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('access', () => {
    it('answers 401 without a token', async () => {
      expect((await get(null, `/api/clinics/${w.clinicId}/scheduling-options`)).statusCode).toBe(401);
      expect(
        (await get(null, '/api/scheduling/time-slots', slotQuery(w, localDay(1), localDay(1)))).statusCode,
      ).toBe(401);
      // Validation runs before access, so the body is a valid one.
      const body = freezeBody(w, {
        startTimestamp: 2_000_000_000,
        startAt: '',
        finishAt: '',
        externalId: '',
      });
      expect((await post(null, '/api/scheduling/time-slots/freeze', body)).statusCode).toBe(401);
    });

    it('answers 404 to a patient or a provider of another clinic', async () => {
      for (const username of [elsewhere.patient.username, elsewhere.providerUser.username]) {
        const options = await get(username, `/api/clinics/${w.clinicId}/scheduling-options`);
        expect(options.statusCode).toBe(404);
        expect(options.json()).toMatchObject({ message: 'Clinic not found.' });
        expect(
          (await get(username, '/api/scheduling/providers', { clinicUuid: w.clinicId })).statusCode,
        ).toBe(404);
        expect(
          (await get(username, '/api/scheduling/time-slots', slotQuery(w, localDay(1), localDay(1))))
            .statusCode,
        ).toBe(404);
        expect((await get(username, `/api/scheduling/consultation-types/${w.typeId}`)).statusCode).toBe(404);
        expect(
          (
            await get(username, '/api/scheduling/consultation-type-settings', {
              providerId: w.providerId,
              consultationTypeId: w.typeId,
            })
          ).statusCode,
        ).toBe(404);
      }
    });

    it('answers 400 with a message to bad input', async () => {
      const badUuid = await get(w.patient.username, '/api/clinics/not-a-uuid/scheduling-options');
      expect(badUuid.statusCode).toBe(400);
      expect(badUuid.json<{ message: string }>().message).toContain('clinicUuid is not valid');
      const badDate = await get(
        w.patient.username,
        '/api/scheduling/time-slots',
        slotQuery(w, '2026-13-01', localDay(1)),
      );
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json<{ message: string }>().message).toContain('YYYY-MM-DD');
      const reversed = await get(
        w.patient.username,
        '/api/scheduling/time-slots',
        slotQuery(w, localDay(5), localDay(1)),
      );
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json<{ message: string }>().message).toContain('startAt must not be after finishAt');
      const tooLong = await get(
        w.patient.username,
        '/api/scheduling/time-slots',
        slotQuery(w, localDay(1), localDay(95)),
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json<{ message: string }>().message).toContain('90 days');
      const noTimestamp = await post(w.patient.username, '/api/scheduling/time-slots/freeze', {
        clinicUuid: w.clinicId,
        doctorId: w.providerId,
        consultationId: w.typeId,
        departmentUuid: w.departmentId,
      });
      expect(noTimestamp.statusCode).toBe(400);
      expect(noTimestamp.json<{ message: string }>().message).toContain('startAtTimestamp is required');
      const badPeriod = await get(w.providerUser.username, '/api/scheduling/recurring-visits', {
        clinicUuid: w.clinicId,
        consultationTypeId: w.typeId,
        repeatPeriod: '5',
        days: '1',
      });
      expect(badPeriod.statusCode).toBe(400);
      expect(badPeriod.json<{ message: string }>().message).toContain('repeatPeriod must be 2, 3 or 4');
    });
  });

  describe('catalogue', () => {
    it('scheduling-options lists reference data; patients see only scheduling departments', async () => {
      const forPatient = (
        await get(w.patient.username, `/api/clinics/${w.clinicId}/scheduling-options`)
      ).json<SchedulingOptions>();
      expect(forPatient).toMatchObject({
        clinicUuid: w.clinicId,
        timezone: NY,
        modules: ['waitlist', 'recurring-visit'],
        states: [{ id: 'NY', name: 'New York' }],
      });
      expect(forPatient.departments.map((d) => d.name)).toEqual(['Harbor Clinic']);
      expect(forPatient.departments[0]?.address).toEqual({
        line: '1 Harbor St',
        city: 'Albany',
        stateId: 'NY',
        state: 'New York',
      });
      expect(Object.keys(forPatient.advancedFilters).sort()).toEqual([
        'allyship',
        'ethnicity',
        'gender',
        'language',
        'modality',
      ]);
      const forProvider = (
        await get(w.providerUser.username, `/api/clinics/${w.clinicId}/scheduling-options`)
      ).json<SchedulingOptions>();
      expect(forProvider.departments.map((d) => d.name)).toEqual(['Back Office', 'Harbor Clinic']);
    });

    it('lists schedulable providers with their first free slots', async () => {
      const hidden = await createProvider(t.context.db, w, { scheduling: false });
      const response = await get(w.patient.username, '/api/scheduling/providers', {
        clinicUuid: w.clinicId,
        fromDate: localDay(1),
      });
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json<{ providers: SchedulingProvider[] }>().providers;
      const ids = list.map((p) => p.id);
      expect(ids).toContain(w.providerId);
      expect(ids).not.toContain(hidden.providerId);
      const row = list.find((p) => p.id === w.providerId);
      expect(row?.timeslotList).toHaveLength(PROVIDER_ROW_SLOT_COUNT);
      expect(row?.timeslotList[0]?.startAt).toBe(
        DateTime.fromISO(`${localDay(1)}T09:00`, { zone: NY }).toISO({ suppressMilliseconds: true }),
      );
      expect(row?.permission).toEqual({ scheduling: true, groupScheduling: false });

      const one = await get(w.patient.username, `/api/scheduling/providers/${w.providerId}`, {
        clinicUuid: w.clinicId,
      });
      expect(one.statusCode).toBe(200);
      expect(one.json<SchedulingProvider>().id).toBe(w.providerId);
      const notListed = await get(w.patient.username, `/api/scheduling/providers/${hidden.providerId}`, {
        clinicUuid: w.clinicId,
      });
      expect(notListed.statusCode).toBe(404);
    });

    it('applies the care-manager filters for providers only', async () => {
      await t.context.db
        .update(providers)
        .set({ acceptingNewPatients: false, patientMinAge: 50 })
        .where(eq(providers.id, w.providerId));
      try {
        const ask = async (username: string, query: Record<string, string>) =>
          (await get(username, '/api/scheduling/providers', { clinicUuid: w.clinicId, ...query }))
            .json<{ providers: SchedulingProvider[] }>()
            .providers.map((p) => p.id);
        expect(await ask(w.providerUser.username, { acceptingNewPatients: 'true' })).not.toContain(
          w.providerId,
        );
        expect(await ask(w.providerUser.username, { acceptingNewPatients: 'false' })).toContain(w.providerId);
        expect(await ask(w.providerUser.username, { birthDate: '2000-01-01' })).not.toContain(w.providerId);
        expect(await ask(w.providerUser.username, { birthDate: '1950-01-01' })).toContain(w.providerId);
        // A patient's request is answered without the care manager's filters.
        expect(await ask(w.patient.username, { acceptingNewPatients: 'true' })).toContain(w.providerId);
        const bad = await get(w.providerUser.username, '/api/scheduling/providers', {
          clinicUuid: w.clinicId,
          languageIds: 'nope',
        });
        expect(bad.statusCode).toBe(400);
      } finally {
        await t.context.db
          .update(providers)
          .set({ acceptingNewPatients: true, patientMinAge: null })
          .where(eq(providers.id, w.providerId));
      }
    });

    it('departments: patients see only scheduling departments, providers all', async () => {
      const names = async (username: string) =>
        (
          await get(username, '/api/scheduling/departments', {
            clinicUuid: w.clinicId,
            providerId: w.providerId,
          })
        )
          .json<{ departments: { name: string }[] }>()
          .departments.map((d) => d.name);
      expect(await names(w.patient.username)).toEqual(['Harbor Clinic']);
      expect(await names(w.providerUser.username)).toEqual(['Back Office', 'Harbor Clinic']);
    });

    it('internal consultation types are hidden from patients, shown to providers asking booking=internal', async () => {
      const titles = async (username: string, query: Record<string, string> = {}) =>
        (
          await get(username, '/api/scheduling/consultation-types', {
            clinicUuid: w.clinicId,
            providerId: w.providerId,
            ...query,
          })
        )
          .json<{ consultationTypes: { title: string }[] }>()
          .consultationTypes.map((type) => type.title);
      expect(await titles(w.patient.username)).toEqual(['Consultation']);
      expect(await titles(w.patient.username, { booking: 'internal' })).toEqual(['Consultation']);
      expect(await titles(w.providerUser.username)).toEqual(['Consultation']);
      expect(await titles(w.providerUser.username, { booking: 'internal' })).toEqual([
        'Consultation',
        'Internal review',
      ]);
      const badBooking = await get(w.providerUser.username, '/api/scheduling/consultation-types', {
        clinicUuid: w.clinicId,
        booking: 'external',
      });
      expect(badBooking.statusCode).toBe(400);
      expect(badBooking.json<{ message: string }>().message).toContain("booking can only be 'internal'");

      expect(
        (await get(w.patient.username, `/api/scheduling/consultation-types/${w.internalTypeId}`)).statusCode,
      ).toBe(404);
      const internal = await get(
        w.providerUser.username,
        `/api/scheduling/consultation-types/${w.internalTypeId}`,
      );
      expect(internal.statusCode).toBe(200);
      expect(internal.json()).toMatchObject({
        title: 'Internal review',
        duration: 20,
        isInternal: true,
        type: 'office',
      });
      const internalSlots = await get(
        w.patient.username,
        '/api/scheduling/time-slots',
        slotQuery(w, localDay(1), localDay(1), { consultationTypeId: w.internalTypeId }),
      );
      expect(internalSlots.statusCode).toBe(404);
    });

    it('consultation-type-settings answers the booking window', async () => {
      const limited = await createProvider(t.context.db, w, {
        bookingOpenDate: localDay(2),
        bookingCloseDate: localDay(4),
      });
      const settings = await get(w.patient.username, '/api/scheduling/consultation-type-settings', {
        providerId: limited.providerId,
        consultationTypeId: w.typeId,
        departmentUuid: w.departmentId,
      });
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toEqual({ bookingOpenDate: localDay(2), bookingCloseDate: localDay(4) });
    });
  });

  describe('time slots', () => {
    it('answers a bare array of slots with deterministic externalIds', async () => {
      const day = localDay(3);
      const first = await slots(w.patient.username, w, day);
      expect(first).toHaveLength(14);
      expect(first[0]).toMatchObject({
        startAt: DateTime.fromISO(`${day}T09:00`, { zone: NY }).toISO({ suppressMilliseconds: true }),
      });
      const second = await slots(w.patient.username, w, day);
      expect(second.map((slot) => slot.externalId)).toEqual(first.map((slot) => slot.externalId));
    });

    it('is correct on both DST changes (New York, March and November 2027)', async () => {
      const spring = await slots(w.patient.username, w, '2027-03-13', '2027-03-15');
      const nine = spring.filter((slot) => slot.startAt.slice(11, 16) === '09:00');
      expect(nine.map((slot) => [slot.startAt, new Date(slot.startTimestamp * 1000).toISOString()])).toEqual([
        ['2027-03-13T09:00:00-05:00', '2027-03-13T14:00:00.000Z'],
        ['2027-03-14T09:00:00-04:00', '2027-03-14T13:00:00.000Z'],
        ['2027-03-15T09:00:00-04:00', '2027-03-15T13:00:00.000Z'],
      ]);
      const fall = await slots(w.patient.username, w, '2027-11-06', '2027-11-08');
      const fallNine = fall.filter((slot) => slot.startAt.slice(11, 16) === '09:00');
      expect(fallNine.map((slot) => slot.startAt)).toEqual([
        '2027-11-06T09:00:00-04:00',
        '2027-11-07T09:00:00-05:00',
        '2027-11-08T09:00:00-05:00',
      ]);
      expect(fallNine.map((slot) => new Date(slot.startTimestamp * 1000).toISOString())).toEqual([
        '2027-11-06T13:00:00.000Z',
        '2027-11-07T14:00:00.000Z',
        '2027-11-08T14:00:00.000Z',
      ]);
    });

    it('removes time off', async () => {
      const day = localDay(6);
      const start = DateTime.fromISO(`${day}T00:00`, { zone: NY });
      await t.context.db.insert(providerTimeOff).values({
        providerId: w.providerId,
        startAt: start.toJSDate(),
        finishAt: start.plus({ days: 1 }).toJSDate(),
      });
      expect(await slots(w.patient.username, w, day)).toEqual([]);
      expect((await slots(w.patient.username, w, localDay(7))).length).toBe(14);
    });

    it('applies the booking window to patients but not to providers', async () => {
      const limited = await createProvider(t.context.db, w, { bookingCloseDate: localDay(2) });
      const world = { ...w, providerId: limited.providerId };
      expect(await slots(w.patient.username, world, localDay(3), localDay(4))).toEqual([]);
      expect((await slots(w.providerUser.username, world, localDay(3), localDay(4))).length).toBe(28);
      const forPatient = await slots(w.patient.username, world, localDay(1), localDay(4));
      expect(new Set(forPatient.map((slot) => slot.startAt.slice(0, 10)))).toEqual(
        new Set([localDay(1), localDay(2)]),
      );
    });

    it('hides departments closed for scheduling from patients', async () => {
      const hidden = { ...w, departmentId: w.hiddenDepartmentId };
      const response = await get(
        w.patient.username,
        '/api/scheduling/time-slots',
        slotQuery(hidden, localDay(1), localDay(1)),
      );
      expect(response.statusCode).toBe(404);
      expect((await slots(w.providerUser.username, hidden, localDay(1))).length).toBe(2);
    });
  });

  describe('holds (freeze)', () => {
    it('a held slot is not offered to others, still to its holder, and expires', async () => {
      const other = await createPatient(t.context.db, w.clinicId);
      const day = localDay(10);
      const [slot] = await slots(w.patient.username, w, day);
      if (!slot) {
        throw new Error('no slot');
      }
      const held = await post(w.patient.username, '/api/scheduling/time-slots/freeze', freezeBody(w, slot));
      expect(held.statusCode, held.body).toBe(200);
      expect(held.json()).toMatchObject({ startAt: slot.startAt, finishAt: slot.finishAt });

      expect((await slots(w.patient.username, w, day)).map((s) => s.startAt)).toContain(slot.startAt);
      expect((await slots(other.username, w, day)).map((s) => s.startAt)).not.toContain(slot.startAt);
      const taken = await post(other.username, '/api/scheduling/time-slots/freeze', freezeBody(w, slot));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ errors: [{ detail: SLOT_HELD_TEXT }] });

      // Re-freezing one's own slot refreshes it.
      const again = await post(w.patient.username, '/api/scheduling/time-slots/freeze', freezeBody(w, slot));
      expect(again.statusCode).toBe(200);
      expect(again.json<{ holdId: string }>().holdId).toBe(held.json<{ holdId: string }>().holdId);

      advance(11 * 60_000);
      expect((await slots(other.username, w, day)).map((s) => s.startAt)).toContain(slot.startAt);
      const afterExpiry = await post(
        other.username,
        '/api/scheduling/time-slots/freeze',
        freezeBody(w, slot),
      );
      expect(afterExpiry.statusCode).toBe(200);
    });

    it(`a patient holds at most ${MAX_ACTIVE_HOLDS_PER_PATIENT} slots; a further hold releases the oldest`, async () => {
      const patient = await createPatient(t.context.db, w.clinicId);
      const other = await createPatient(t.context.db, w.clinicId);
      const day = localDay(11);
      const free = await slots(patient.username, w, day);
      const [a, b, c] = free;
      if (!a || !b || !c) {
        throw new Error('no slots');
      }
      for (const slot of [a, b, c]) {
        const response = await post(
          patient.username,
          '/api/scheduling/time-slots/freeze',
          freezeBody(w, slot),
        );
        expect(response.statusCode).toBe(200);
      }
      const seenByOther = (await slots(other.username, w, day)).map((s) => s.startAt);
      expect(seenByOther).toContain(a.startAt);
      expect(seenByOther).not.toContain(b.startAt);
      expect(seenByOther).not.toContain(c.startAt);
    });

    it('a provider holds a slot for a patient of the clinic (userId required)', async () => {
      const day = localDay(12);
      const [slot] = await slots(w.providerUser.username, w, day, day, { userId: w.patient.id });
      if (!slot) {
        throw new Error('no slot');
      }
      const missing = await post(
        w.providerUser.username,
        '/api/scheduling/time-slots/freeze',
        freezeBody(w, slot),
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ message: string }>().message).toContain('userId');
      const stranger = await post(
        w.providerUser.username,
        '/api/scheduling/time-slots/freeze',
        freezeBody(w, slot, { userId: elsewhere.patient.id }),
      );
      expect(stranger.statusCode).toBe(404);
      const held = await post(
        w.providerUser.username,
        '/api/scheduling/time-slots/freeze',
        freezeBody(w, slot, { userId: w.patient.id }),
      );
      expect(held.statusCode).toBe(200);
      // Held for that patient: still offered to them, not to another patient.
      expect((await slots(w.patient.username, w, day)).map((s) => s.startAt)).toContain(slot.startAt);
      expect((await slots(elsewhere.patient.username, elsewhere, day)).length).toBe(14);
    });

    it('refuses slots off the grid', async () => {
      const [slot] = await slots(w.patient.username, w, localDay(13));
      if (!slot) {
        throw new Error('no slot');
      }
      const off = await post(
        w.patient.username,
        '/api/scheduling/time-slots/freeze',
        freezeBody(w, slot, { startAtTimestamp: slot.startTimestamp + 600 }),
      );
      expect(off.statusCode).toBe(409);
      expect(off.json<{ errors: { detail: string }[] }>().errors[0]?.detail).toBe(
        'This time is not available for booking.',
      );
    });

    it('concurrent freezes of one slot by different patients: exactly one 200', async () => {
      const day = localDay(14);
      const patients = await Promise.all(
        Array.from({ length: 8 }, () => createPatient(t.context.db, w.clinicId)),
      );
      await Promise.all(patients.map((patient) => token(patient.username)));
      const [slot] = await slots(w.patient.username, w, day);
      if (!slot) {
        throw new Error('no slot');
      }
      const responses = await Promise.all(
        patients.map((patient) =>
          post(patient.username, '/api/scheduling/time-slots/freeze', freezeBody(w, slot)),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(patients.length - 1);
    });
  });

  describe('recurring visits', () => {
    it('proposes a full series on the chosen weekdays at one local time', async () => {
      const fromDate = localDay(20);
      const response = await get(w.providerUser.username, '/api/scheduling/recurring-visits', {
        clinicUuid: w.clinicId,
        providerId: w.providerId,
        departmentUuid: w.departmentId,
        consultationTypeId: w.typeId,
        repeatPeriod: '2',
        days: '3,1',
        fromDate,
      });
      expect(response.statusCode, response.body).toBe(200);
      const [entry] = response.json<{ entries: RecurringVisitEntry[] }>().entries;
      expect(entry?.provider.id).toBe(w.providerId);
      expect(entry?.visits).toHaveLength(RECURRING_VISIT_COUNT);
      const starts = (entry?.visits ?? []).map((visit) =>
        DateTime.fromISO(visit.timeSlots[0]?.startAt ?? '', { setZone: true }),
      );
      expect(new Set(starts.map((start) => start.toFormat('HH:mm')))).toEqual(new Set(['09:00']));
      expect(new Set(starts.map((start) => start.weekday))).toEqual(new Set([1, 3]));
      // Every repeatPeriod weeks: the two Mondays of the series are 2 weeks apart.
      const mondays = starts.filter((start) => start.weekday === 1);
      expect(Math.round(mondays[1]?.diff(mondays[0] ?? DateTime.now(), 'days').days ?? 0)).toBe(14);
    });

    it('is for providers, and only when the clinic module is active', async () => {
      const query = { clinicUuid: w.clinicId, consultationTypeId: w.typeId, repeatPeriod: '2', days: '1' };
      expect((await get(w.patient.username, '/api/scheduling/recurring-visits', query)).statusCode).toBe(403);
      await t.context.db.update(clinics).set({ modules: [] }).where(eq(clinics.id, elsewhere.clinicId));
      const off = await get(elsewhere.providerUser.username, '/api/scheduling/recurring-visits', {
        ...query,
        clinicUuid: elsewhere.clinicId,
        consultationTypeId: elsewhere.typeId,
      });
      expect(off.statusCode).toBe(404);
    });
  });
});
