import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consultationTypes } from '../../db/schema/clinics.ts';
import { slotHolds } from '../../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import type { FhirCaller } from './fhir-caller.ts';
import { FhirError } from './fhir-outcome.ts';
import { parseSlotId, slotId } from './fhir-slots.ts';
import { searchResources } from './fhir.service.ts';
import { expectOutcome, fhirGet, fhirSearch } from './fhir-test-client.ts';
import type { Bundle, FhirResource } from './fhir-types.ts';

// Issue 21 item 1 (decision 0085): Schedule and Slot, the public availability of the caller's clinics,
// computed by the portal's slot search. The clock is fixed: 2026-12-01 12:00 UTC (07:00 in New York).

const CLOCK_AT = new Date('2026-12-01T12:00:00Z');
/** 2 December, UTC: the provider works 08:00-18:00 New York = 13:00-23:00 UTC, 30-minute visits. */
const DAY = 'start=ge2026-12-02&start=lt2026-12-03';

describe('FHIR R4 Schedule and Slot', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let other: SchedulingWorld;
  let janeToken: string;
  let oliveToken: string;
  let providerToken: string;
  let otherProviderToken: string;
  let janeId: string;

  const get = (url: string, token?: string) => fhirGet(t, url, token);
  const search = (url: string, token: string) => fhirSearch(t, url, token);

  const slotsOf = (bundle: Bundle) =>
    bundle.entry.map((entry) => entry.resource as FhirResource & { start: string; status: string });

  beforeAll(async () => {
    t = await buildTestApp({ CLOCK_AT });
    const db = t.context.db;
    world = await createSchedulingWorld(db);
    other = await createSchedulingWorld(db);
    const jane = await createClinicPatient(db, world.clinicId);
    janeId = jane.id;
    const olive = await createClinicPatient(db, other.clinicId);
    janeToken = (await loginTokens(t.app, jane.username)).access_token;
    oliveToken = (await loginTokens(t.app, olive.username)).access_token;
    providerToken = (await loginTokens(t.app, world.provider.username)).access_token;
    otherProviderToken = (await loginTokens(t.app, other.provider.username)).access_token;
    // Internal consultation types are not public: never in a Schedule or a Slot.
    await db
      .update(consultationTypes)
      .set({ isInternal: true })
      .where(eq(consultationTypes.id, world.plainTypeId));
    // Olive's visit at 10:00 New York on 2 December makes that time busy for everyone.
    await insertAppointment(db, world, {
      patientUserId: olive.id,
      startAt: new Date('2026-12-02T15:00:00Z'),
    });
  });
  afterAll(() => t.close());

  describe('Schedule', () => {
    it('is one per provider of the caller’s clinics: the Practitioner and the Location', async () => {
      const bundle = await search('/fhir/R4/Schedule', janeToken);
      expect(bundle.total).toBe(1);
      const schedule = bundle.entry[0]?.resource;
      expect(schedule).toMatchObject({
        resourceType: 'Schedule',
        id: world.provider.providerId,
        active: true,
        actor: [
          { reference: `Practitioner/${world.provider.userId}` },
          { reference: `Location/${world.departmentId}` },
        ],
        serviceType: [{ text: 'Office visit' }, { text: 'Video visit' }],
      });
      const read = await get(`/fhir/R4/Schedule/${world.provider.providerId}`, janeToken);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(schedule);
    });

    it('is not another clinic’s: empty search and 404 read', async () => {
      const bundle = await search(`/fhir/R4/Schedule?_id=${world.provider.providerId}`, oliveToken);
      expect(bundle.total).toBe(0);
      expectOutcome(
        await get(`/fhir/R4/Schedule/${world.provider.providerId}`, oliveToken),
        404,
        'not-found',
      );
      const providers = await search('/fhir/R4/Schedule', otherProviderToken);
      expect(providers.entry.map((entry) => entry.resource.id)).toEqual([other.provider.providerId]);
      const own = await search('/fhir/R4/Schedule', providerToken);
      expect(own.entry.map((entry) => entry.resource.id)).toEqual([world.provider.providerId]);
    });

    it('needs a token (401)', async () => {
      expectOutcome(await get('/fhir/R4/Schedule'), 401, 'login');
    });
  });

  describe('Slot', () => {
    it('lists the day’s grid with the portal’s availability: free, and busy where a visit is booked', async () => {
      const bundle = await search(`/fhir/R4/Slot?${DAY}`, janeToken);
      const slots = slotsOf(bundle);
      expect(bundle.total).toBe(20);
      expect(slots[0]).toMatchObject({
        resourceType: 'Slot',
        schedule: { reference: `Schedule/${world.provider.providerId}` },
        status: 'free',
        start: '2026-12-02T13:00:00.000Z',
        end: '2026-12-02T13:30:00.000Z',
        serviceType: [{ text: 'Office visit' }, { text: 'Video visit' }],
      });
      expect(slots.at(-1)?.start).toBe('2026-12-02T22:30:00.000Z');
      expect(slots.filter((slot) => slot.status === 'busy').map((slot) => slot.start)).toEqual([
        '2026-12-02T15:00:00.000Z',
      ]);

      const busy = await search(`/fhir/R4/Slot?${DAY}&status=busy`, janeToken);
      expect(slotsOf(busy).map((slot) => slot.start)).toEqual(['2026-12-02T15:00:00.000Z']);
      const free = await search(`/fhir/R4/Slot?${DAY}&status=free`, janeToken);
      expect(free.total).toBe(19);
    });

    it('narrows by start prefixes and schedule, and pages with _count', async () => {
      const morning = await search(
        '/fhir/R4/Slot?start=ge2026-12-02T13:00:00Z&start=lt2026-12-02T14:00:00Z',
        janeToken,
      );
      expect(slotsOf(morning).map((slot) => slot.start)).toEqual([
        '2026-12-02T13:00:00.000Z',
        '2026-12-02T13:30:00.000Z',
      ]);
      const bySchedule = await search(
        `/fhir/R4/Slot?${DAY}&schedule=Schedule/${world.provider.providerId}`,
        janeToken,
      );
      expect(bySchedule.total).toBe(20);
      // Another clinic's schedule is not the caller's: nothing.
      const foreign = await search(`/fhir/R4/Slot?${DAY}&schedule=${other.provider.providerId}`, janeToken);
      expect(foreign.total).toBe(0);

      const first = await search(`/fhir/R4/Slot?${DAY}&_count=5`, janeToken);
      expect(first.entry).toHaveLength(5);
      const next = first.link.find((link) => link.relation === 'next')?.url ?? '';
      expect(next).toContain('_offset=5');
      const second = await search(next.slice(next.indexOf('/fhir/R4')), janeToken);
      expect(slotsOf(second)[0]?.start).toBe('2026-12-02T15:30:00.000Z');
    });

    it('keeps a patient’s own hold free for her, busy for everyone else', async () => {
      await t.context.db.insert(slotHolds).values({
        clinicId: world.clinicId,
        providerId: world.provider.providerId,
        departmentId: world.departmentId,
        consultationTypeId: world.officeTypeId,
        patientUserId: janeId,
        heldByUserId: janeId,
        startAt: new Date('2026-12-03T16:00:00Z'),
        finishAt: new Date('2026-12-03T16:30:00Z'),
        expiresAt: new Date('2026-12-01T12:10:00Z'),
      });
      const query = '/fhir/R4/Slot?start=ge2026-12-03&start=lt2026-12-04&status=busy';
      expect((await search(query, janeToken)).total).toBe(0);
      expect(slotsOf(await search(query, providerToken)).map((slot) => slot.start)).toEqual([
        '2026-12-03T16:00:00.000Z',
      ]);
    });

    it('offers only future times (the clock is 07:00 New York on 1 December)', async () => {
      const today = await search('/fhir/R4/Slot?start=ge2026-12-01&start=lt2026-12-02', janeToken);
      expect(slotsOf(today)[0]?.start).toBe('2026-12-01T13:00:00.000Z');
      const past = await search('/fhir/R4/Slot?start=ge2026-11-20&start=lt2026-11-30', janeToken);
      expect(past.total).toBe(0);
    });

    it('reads one Slot by its id; a changed id or another clinic’s caller gets 404', async () => {
      const [slot] = slotsOf(await search(`/fhir/R4/Slot?${DAY}&_count=1`, janeToken));
      const id = slot?.id ?? '';
      expect(id.length).toBeLessThanOrEqual(64);
      expect(parseSlotId(id)).toEqual({
        providerId: world.provider.providerId,
        departmentId: world.departmentId,
        start: Date.parse('2026-12-02T13:00:00Z'),
        minutes: 30,
      });
      const read = await get(`/fhir/R4/Slot/${id}`, janeToken);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(slot);
      // Off the grid (13:10) and another clinic's reader: not known.
      const offGrid = slotId({
        providerId: world.provider.providerId,
        departmentId: world.departmentId,
        start: Date.parse('2026-12-02T13:10:00Z'),
        minutes: 30,
      });
      expectOutcome(await get(`/fhir/R4/Slot/${offGrid}`, janeToken), 404, 'not-found');
      expectOutcome(await get(`/fhir/R4/Slot/${id}`, oliveToken), 404, 'not-found');
      expectOutcome(await get('/fhir/R4/Slot/not-a-slot', janeToken), 404, 'not-found');
      // The provider of the clinic reads it too.
      expect((await get(`/fhir/R4/Slot/${id}`, providerToken)).status).toBe(200);
    });

    it('refuses a search without a bounded start range, or longer than 31 days (400)', async () => {
      for (const query of [
        '',
        '?start=ge2026-12-02',
        '?start=lt2026-12-02',
        '?start=ge2026-12-01&start=lt2027-01-02',
        '?start=ge2026-12-02&start=lt2026-12-03&patient=x',
        '?start=ge2026-12-02&start=lt2026-12-03&schedule:missing=true',
        '?start=ge2026-12-02&start=lt2026-13-03',
        '?start=ge2026-12-02&start=lt2026-12-03&schedule=Practitioner/x',
      ]) {
        expectOutcome(await get(`/fhir/R4/Slot${query}`, janeToken), 400, 'invalid');
      }
      // One day (eq) and 31 days exactly are bounded.
      expect((await get('/fhir/R4/Slot?start=2026-12-02', janeToken)).status).toBe(200);
      expect((await get('/fhir/R4/Slot?start=ge2026-12-01&start=lt2027-01-01', janeToken)).status).toBe(200);
    });

    it('is refused to an app without a Slot scope (403)', async () => {
      const caller: FhirCaller = {
        userId: world.provider.userId,
        actorUserId: 'app',
        actingForUserId: world.provider.userId,
        patientUserId: null,
        patientClinicIds: [],
        messageClinicIds: [],
        directoryClinicIds: [world.clinicId],
        scopes: ['user/Observation.rs'],
      };
      await expect(
        searchResources(t.context, caller, 'Slot', { start: '2026-12-02' }),
      ).rejects.toBeInstanceOf(FhirError);
      const allowed = await searchResources(t.context, { ...caller, scopes: ['user/Slot.rs'] }, 'Slot', {
        start: '2026-12-02',
      });
      expect(allowed.total).toBe(20);
    });
  });
});
