import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { messageThreadParticipants, messageThreads, threadMessages } from '../../db/schema/messaging.ts';
import { vitalValues } from '../../db/schema/vitals.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertAppointment, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { insertTestCard } from '../insurance/insurance-review-test-helpers.ts';
import type { FhirCaller } from './fhir-caller.ts';
import { expectOutcome, fhirGet, fhirSearch, idsOf } from './fhir-test-client.ts';
import { searchResources } from './fhir.service.ts';
import type { Bundle, OperationOutcome } from './fhir-types.ts';
import { createTwoClinicWorld } from './fhir-test-world.ts';

// Decision 0091: _lastUpdated (from the column meta.lastUpdated shows), _sort with an id tiebreak
// and paging links that keep it, Prefer: handling=lenient, and _include within the caller's access.

const LENIENT = { prefer: 'handling=lenient' };

const includedOf = (bundle: Bundle) =>
  bundle.entry
    .filter((entry) => entry.search.mode === 'include')
    .map((entry) => `${entry.resource.resourceType}/${entry.resource.id ?? ''}`);

const outcomeOf = (bundle: Bundle) =>
  bundle.entry.find((entry) => entry.search.mode === 'outcome')?.resource as OperationOutcome | undefined;

describe('FHIR search extras (decision 0091)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let other: SchedulingWorld;
  let jane: { id: string; username: string };
  let olive: { id: string; username: string };
  let janeToken: string;
  let providerToken: string;
  let otherProviderToken: string;
  /** jane's vitals: two at the same instant (the id decides their order), one later, one earlier. */
  let vitals: { early: string; tiedA: string; tiedB: string; late: string };
  /** jane's appointments in her clinic; `away` is hers at a clinic she is not a patient of. */
  let visits: { booked: string; cancelled: string; away: string; oliveAtJanesClinic: string };
  let janeCardId: string;
  let messageIds: { fromJane: string; fromProvider: string };

  const get = (url: string, token?: string, headers?: Record<string, string>) =>
    fhirGet(t, url, token, headers);
  const search = (url: string, token: string, headers?: Record<string, string>) =>
    fhirSearch(t, url, token, headers);

  async function vital(userId: string, recordedAt: string, createdAt: string) {
    const [row] = await t.context.db
      .insert(vitalValues)
      .values({
        userId,
        key: 'pulse',
        value: 70,
        recordedAt: new Date(recordedAt),
        recordedByUserId: userId,
        createdAt: new Date(createdAt),
      })
      .returning({ id: vitalValues.id });
    if (!row) {
      throw new Error('vital not written');
    }
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.context.db;
    ({ world, other, jane, olive, janeToken, providerToken, otherProviderToken } =
      await createTwoClinicWorld(t));
    await db
      .update(users)
      .set({ updatedAt: new Date('2026-06-01T08:00:00Z') })
      .where(eq(users.id, jane.id));
    await db
      .update(users)
      .set({ updatedAt: new Date('2026-05-01T08:00:00Z') })
      .where(eq(users.id, world.provider.userId));

    // Inserted in this order so that, if the id broke no ties, insertion order could pass for it.
    const tiedOne = await vital(jane.id, '2026-03-01T09:00:00Z', '2026-03-02T10:00:00Z');
    const tiedTwo = await vital(jane.id, '2026-03-01T09:00:00Z', '2026-03-02T10:00:00Z');
    const [tiedA, tiedB] = [tiedOne, tiedTwo].sort();
    vitals = {
      // Recorded first but entered last: date order and _lastUpdated order differ.
      early: await vital(jane.id, '2026-01-10T09:00:00Z', '2026-04-01T10:00:00Z'),
      tiedA: tiedA ?? '',
      tiedB: tiedB ?? '',
      late: await vital(jane.id, '2026-03-20T09:00:00Z', '2026-03-20T09:05:00Z'),
    };
    await vital(olive.id, '2026-03-01T09:00:00Z', '2026-03-02T10:00:00Z');

    const booked = await insertAppointment(db, world, {
      patientUserId: jane.id,
      startAt: new Date('2026-12-01T15:00:00Z'),
    });
    const cancelled = await insertAppointment(db, world, {
      patientUserId: jane.id,
      startAt: new Date('2026-12-03T15:00:00Z'),
      status: 'cancelled',
    });
    const away = await insertAppointment(db, other, {
      patientUserId: jane.id,
      startAt: new Date('2026-12-04T15:00:00Z'),
    });
    // Booked at jane's clinic by a patient the clinic has not taken on: the clinic's visit, not its patient.
    const oliveAtJanesClinic = await insertAppointment(db, world, {
      patientUserId: olive.id,
      startAt: new Date('2026-12-05T15:00:00Z'),
    });
    await db
      .update(appointments)
      .set({ createdAt: new Date('2026-10-01T08:00:00Z'), confirmedAt: new Date('2026-10-02T08:00:00Z') })
      .where(eq(appointments.id, booked.id));
    await db
      .update(appointments)
      .set({ createdAt: new Date('2026-10-01T08:00:00Z'), cancelledAt: new Date('2026-11-15T08:00:00Z') })
      .where(eq(appointments.id, cancelled.id));
    await db
      .update(appointments)
      .set({ createdAt: new Date('2026-11-20T08:00:00Z') })
      .where(eq(appointments.id, away.id));
    visits = {
      booked: booked.id,
      cancelled: cancelled.id,
      away: away.id,
      oliveAtJanesClinic: oliveAtJanesClinic.id,
    };

    janeCardId = (
      await insertTestCard(db, {
        clinicId: world.clinicId,
        userId: jane.id,
        updatedAt: new Date('2026-09-01T10:00:00Z'),
      })
    ).id;

    const [thread] = await db
      .insert(messageThreads)
      .values({
        clinicId: world.clinicId,
        subject: 'Results',
        createdByUserId: jane.id,
        createdAt: new Date('2026-11-20T10:00:00Z'),
        lastMessageAt: new Date('2026-11-21T10:00:00Z'),
      })
      .returning({ id: messageThreads.id });
    const threadId = thread?.id ?? '';
    await db.insert(messageThreadParticipants).values([
      { threadId, userId: jane.id, kind: 'patient' },
      { threadId, userId: world.provider.userId, kind: 'provider' },
    ]);
    const [fromJane, fromProvider] = await db
      .insert(threadMessages)
      .values([
        {
          threadId,
          senderUserId: jane.id,
          body: 'Are they in?',
          createdAt: new Date('2026-11-20T10:00:00Z'),
        },
        {
          threadId,
          senderUserId: world.provider.userId,
          body: 'Yes.',
          createdAt: new Date('2026-11-21T10:00:00Z'),
        },
      ])
      .returning({ id: threadMessages.id });
    messageIds = { fromJane: fromJane?.id ?? '', fromProvider: fromProvider?.id ?? '' };
  });
  afterAll(() => t.close());

  describe('_lastUpdated', () => {
    it('shows each type’s last change as meta.lastUpdated', async () => {
      const patient = await get(`/fhir/R4/Patient/${jane.id}`, janeToken);
      expect(patient.body.meta?.lastUpdated).toBe('2026-06-01T08:00:00.000Z');
      const practitioner = await get(`/fhir/R4/Practitioner/${world.provider.userId}`, janeToken);
      expect(practitioner.body.meta?.lastUpdated).toBe('2026-05-01T08:00:00.000Z');
      const observation = await get(`/fhir/R4/Observation/${vitals.early}`, janeToken);
      expect(observation.body.meta?.lastUpdated).toBe('2026-04-01T10:00:00.000Z');
      const coverage = await get(`/fhir/R4/Coverage/${janeCardId}`, janeToken);
      expect(coverage.body.meta?.lastUpdated).toBe('2026-09-01T10:00:00.000Z');
      const communication = await get(`/fhir/R4/Communication/${messageIds.fromJane}`, janeToken);
      expect(communication.body.meta?.lastUpdated).toBe('2026-11-20T10:00:00.000Z');
      // An appointment's last change is the latest of created, confirmed and cancelled.
      const booked = await get(`/fhir/R4/Appointment/${visits.booked}`, janeToken);
      expect(booked.body.meta?.lastUpdated).toBe('2026-10-02T08:00:00.000Z');
      const cancelled = await get(`/fhir/R4/Appointment/${visits.cancelled}`, janeToken);
      expect(cancelled.body.meta?.lastUpdated).toBe('2026-11-15T08:00:00.000Z');
    });

    it('filters on that same change, with the prefixes of date', async () => {
      expect(idsOf(await search('/fhir/R4/Observation?_lastUpdated=ge2026-04', janeToken))).toEqual([
        vitals.early,
      ]);
      expect(
        idsOf(
          await search(
            '/fhir/R4/Observation?_lastUpdated=ge2026-03-02&_lastUpdated=lt2026-03-03&_sort=_lastUpdated',
            janeToken,
          ),
        ),
      ).toEqual([vitals.tiedA, vitals.tiedB]);
      expect(idsOf(await search('/fhir/R4/Observation?_lastUpdated=eb2026-03-02', janeToken))).toEqual([]);
      expect(
        idsOf(await search('/fhir/R4/Appointment?_lastUpdated=gt2026-11-01&_sort=date', janeToken)),
      ).toEqual([visits.cancelled, visits.away]);
      expect(idsOf(await search('/fhir/R4/Appointment?_lastUpdated=2026-10-02', janeToken))).toEqual([
        visits.booked,
      ]);
      expect(idsOf(await search('/fhir/R4/Patient?_lastUpdated=lt2026-06', janeToken))).toEqual([]);
      expect(idsOf(await search('/fhir/R4/Patient?_lastUpdated=2026-06', janeToken))).toEqual([jane.id]);
      expect(idsOf(await search('/fhir/R4/Coverage?_lastUpdated=ge2026-09-01', janeToken))).toEqual([
        janeCardId,
      ]);
      expect(idsOf(await search('/fhir/R4/Communication?_lastUpdated=gt2026-11-20', janeToken))).toEqual([
        messageIds.fromProvider,
      ]);
    });

    it('refuses a bad value, and refuses it on a type without a last-change column', async () => {
      expectOutcome(await get('/fhir/R4/Observation?_lastUpdated=2026-13', janeToken), 400, 'invalid');
      expectOutcome(await get('/fhir/R4/Location?_lastUpdated=2026', janeToken), 400, 'invalid');
    });
  });

  describe('_sort', () => {
    it('sorts by the date parameter and _lastUpdated, both ways, ties by id', async () => {
      const { early, tiedA, tiedB, late } = vitals;
      expect(idsOf(await search('/fhir/R4/Observation?_sort=date', janeToken))).toEqual([
        early,
        tiedA,
        tiedB,
        late,
      ]);
      // Descending reverses the key, not the tiebreak: equal dates stay in id order.
      expect(idsOf(await search('/fhir/R4/Observation?_sort=-date', janeToken))).toEqual([
        late,
        tiedA,
        tiedB,
        early,
      ]);
      expect(idsOf(await search('/fhir/R4/Observation?_sort=-_lastUpdated', janeToken))).toEqual([
        early,
        late,
        tiedA,
        tiedB,
      ]);
      expect(idsOf(await search('/fhir/R4/Appointment?_sort=-date', janeToken))).toEqual([
        visits.away,
        visits.cancelled,
        visits.booked,
      ]);
      expect(idsOf(await search('/fhir/R4/Communication?_sort=-date', janeToken))).toEqual([
        messageIds.fromProvider,
        messageIds.fromJane,
      ]);
    });

    it('keeps _sort in the paging links, and the pages make up the sorted whole', async () => {
      let url: string | undefined = '/fhir/R4/Observation?_sort=-_lastUpdated&_count=1';
      const seen: (string | undefined)[] = [];
      while (url) {
        const bundle: Bundle = await search(url, janeToken);
        seen.push(...idsOf(bundle));
        const self = bundle.link.find((link) => link.relation === 'self')?.url ?? '';
        expect(new URL(self).searchParams.get('_sort')).toBe('-_lastUpdated');
        const next = bundle.link.find((link) => link.relation === 'next')?.url;
        if (next) {
          expect(new URL(next).searchParams.get('_sort')).toBe('-_lastUpdated');
        }
        url = next ? next.slice(next.indexOf('/fhir/R4')) : undefined;
      }
      expect(seen).toEqual([vitals.early, vitals.late, vitals.tiedA, vitals.tiedB]);
    });

    it('refuses a key the type does not sort by, lenient or not', async () => {
      for (const headers of [{}, LENIENT]) {
        expectOutcome(await get('/fhir/R4/Observation?_sort=code', janeToken, headers), 400, 'invalid');
        expectOutcome(await get('/fhir/R4/Location?_sort=_lastUpdated', janeToken, headers), 400, 'invalid');
        expectOutcome(await get('/fhir/R4/Observation?_sort=date,,', janeToken, headers), 400, 'invalid');
      }
    });
  });

  describe('Prefer: handling', () => {
    it('refuses an unknown parameter when strict or without the header', async () => {
      expectOutcome(await get('/fhir/R4/Observation?colour=blue', janeToken), 400, 'invalid');
      expectOutcome(
        await get('/fhir/R4/Observation?colour=blue', janeToken, { prefer: 'handling=strict' }),
        400,
        'invalid',
      );
    });

    it('ignores unknown parameters when lenient, and says so in an outcome entry', async () => {
      const bundle = await search(
        '/fhir/R4/Observation?colour=blue&date:missing=true&_sort=date&_count=2',
        janeToken,
        { prefer: 'return=representation, handling=lenient' },
      );
      expect(idsOf(bundle)).toEqual([vitals.early, vitals.tiedA]);
      expect(bundle.total).toBe(4);
      const outcome = outcomeOf(bundle);
      expect(outcome?.issue).toEqual([
        expect.objectContaining({ severity: 'warning', code: 'not-supported' }),
      ]);
      expect(outcome?.issue[0]?.diagnostics).toMatch(/colour, date:missing/);
      // The outcome entry comes last and is named by an urn, not a server id.
      expect(bundle.entry.at(-1)?.search.mode).toBe('outcome');
      expect(bundle.entry.at(-1)?.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      // The links repeat what was applied, not what was ignored.
      for (const link of bundle.link) {
        const params = new URL(link.url).searchParams;
        expect(params.has('colour')).toBe(false);
        expect(params.has('date:missing')).toBe(false);
        expect(params.get('_sort')).toBe('date');
      }
    });

    it('has no outcome entry when nothing was ignored', async () => {
      const bundle = await search('/fhir/R4/Observation', janeToken, LENIENT);
      expect(outcomeOf(bundle)).toBeUndefined();
    });

    it('still refuses bad values of known parameters when lenient', async () => {
      for (const query of ['date=2026-02-30', '_lastUpdated=ap2026', '_count=ten', 'patient=Group/1']) {
        expectOutcome(await get(`/fhir/R4/Observation?${query}`, janeToken, LENIENT), 400, 'invalid');
      }
    });
  });

  describe('_include', () => {
    it('brings in an appointment’s patient, practitioner and location, once each', async () => {
      const bundle = await search(
        '/fhir/R4/Appointment?date=lt2026-12-04&_include=Appointment:actor',
        janeToken,
      );
      expect(idsOf(bundle)).toEqual([visits.booked, visits.cancelled]);
      expect(bundle.total).toBe(2);
      expect(includedOf(bundle).sort()).toEqual(
        [
          `Patient/${jane.id}`,
          `Practitioner/${world.provider.userId}`,
          `Location/${world.departmentId}`,
        ].sort(),
      );
      const pick = await search(
        '/fhir/R4/Appointment?date=lt2026-12-04&_include=Appointment:actor:Practitioner',
        janeToken,
      );
      expect(includedOf(pick)).toEqual([`Practitioner/${world.provider.userId}`]);
      const next = pick.link.find((link) => link.relation === 'self')?.url ?? '';
      expect(new URL(next).searchParams.get('_include')).toBe('Appointment:actor:Practitioner');
    });

    it('never brings in what the caller may not read', async () => {
      // jane's visit at a clinic she is not a patient of: the visit is hers, its clinic's directory is not.
      const away = await search(
        `/fhir/R4/Appointment?_id=${visits.away}&_include=Appointment:actor`,
        janeToken,
      );
      expect(idsOf(away)).toEqual([visits.away]);
      expect(includedOf(away)).toEqual([`Patient/${jane.id}`]);
      // jane's clinic's provider sees the clinic's visits, but only the clinic's patients come in.
      const clinic = await search('/fhir/R4/Appointment?_include=Appointment:patient', providerToken);
      expect(idsOf(clinic)).toEqual([visits.booked, visits.cancelled, visits.oliveAtJanesClinic]);
      expect(includedOf(clinic)).toEqual([`Patient/${jane.id}`]);
      // The other clinic's provider: the visit at their clinic, but not jane, who is not their patient.
      const theirs = await search('/fhir/R4/Appointment?_include=Appointment:actor', otherProviderToken);
      expect(idsOf(theirs)).toEqual([visits.away]);
      expect(includedOf(theirs).sort()).toEqual(
        [`Practitioner/${other.provider.userId}`, `Location/${other.departmentId}`].sort(),
      );
    });

    it('brings in a message’s sender and a reading’s patient', async () => {
      const messages = await search('/fhir/R4/Communication?_include=Communication:sender', janeToken);
      expect(includedOf(messages).sort()).toEqual(
        [`Patient/${jane.id}`, `Practitioner/${world.provider.userId}`].sort(),
      );
      const readings = await search('/fhir/R4/Observation?_include=Observation:patient', janeToken);
      expect(includedOf(readings)).toEqual([`Patient/${jane.id}`]);
      const cards = await search('/fhir/R4/Coverage?_include=Coverage:beneficiary', janeToken);
      expect(includedOf(cards)).toEqual([`Patient/${jane.id}`]);
    });

    it('records the included patient data as a read', async () => {
      const before = await t.context.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(and(eq(auditEvents.patientId, jane.id), eq(auditEvents.resourceType, 'demographics')));
      await search('/fhir/R4/Appointment?_include=Appointment:patient', providerToken);
      const after = await t.context.db
        .select({ actor: auditEvents.actorUserId, resourceId: auditEvents.resourceId })
        .from(auditEvents)
        .where(and(eq(auditEvents.patientId, jane.id), eq(auditEvents.resourceType, 'demographics')));
      expect(after.length).toBe(before.length + 1);
      expect(after).toContainEqual({
        actor: world.provider.userId,
        resourceId: 'Patient?_include from Appointment',
      });
    });

    it('refuses an include we do not serve when strict, ignores and names it when lenient', async () => {
      for (const value of ['Coverage:payor', 'Appointment:actor:Device', 'Appointment:*']) {
        expectOutcome(await get(`/fhir/R4/Appointment?_include=${value}`, janeToken), 400, 'not-supported');
      }
      expectOutcome(await get('/fhir/R4/Appointment?_include:iterate=Appointment:actor', janeToken), 400);
      const bundle = await search(
        '/fhir/R4/Appointment?_include=Coverage:payor&_include=Appointment:actor:Location',
        janeToken,
        LENIENT,
      );
      // The other clinic's Location (of jane's visit there) is not in her directory.
      expect(includedOf(bundle)).toEqual([`Location/${world.departmentId}`]);
      expect(outcomeOf(bundle)?.issue[0]?.diagnostics).toMatch(/_include=Coverage:payor/);
    });

    it('leaves out, and says so, the types an app’s scopes do not let it read', async () => {
      const caller: FhirCaller = {
        userId: jane.id,
        actorUserId: jane.id,
        actingForUserId: null,
        patientUserId: jane.id,
        patientClinicIds: [],
        messageClinicIds: [],
        directoryClinicIds: [world.clinicId],
        scopes: ['patient/Appointment.rs', 'patient/Patient.r'],
        app: { appId: 'test-app', appName: 'Test app' },
      };
      const found = await searchResources(t.context, caller, 'Appointment', {
        _id: visits.booked,
        _include: 'Appointment:actor',
      });
      expect(found.included.map((page) => page.type)).toEqual(['Patient']);
      expect(found.withheld.sort()).toEqual(['Location', 'Practitioner']);
    });
  });
});
