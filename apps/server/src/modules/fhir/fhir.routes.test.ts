import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/audit.ts';
import { providers } from '../../db/schema/clinics.ts';
import { messageThreadParticipants, messageThreads, threadMessages } from '../../db/schema/messaging.ts';
import { vitalValues } from '../../db/schema/vitals.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { canValidateProfile } from '../../test/expect-valid-fhir.ts';
import { insertAppointment, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { insertTestCard } from '../insurance/insurance-review-test-helpers.ts';
import { bearer } from '../patients/patients-test-helpers.ts';
import type { FhirCaller } from './fhir-caller.ts';
import { FhirError } from './fhir-outcome.ts';
import { expectOutcome, fhirGet, fhirSearch, idsOf } from './fhir-test-client.ts';
import { readResource, searchResources } from './fhir.service.ts';
import type { FhirResource } from './fhir-types.ts';
import { createTwoClinicWorld } from './fhir-test-world.ts';

// Issue 21 items 1 and 2 "Must show" (decision 0081): jane's token reads nothing of olive's, a
// provider reads only their clinic's patients, bad search parameters are 400 OperationOutcomes,
// date prefixes and paging work end to end, and every resource returned passes validation.

describe('FHIR R4 API', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let other: SchedulingWorld;
  let jane: { id: string; username: string };
  let olive: { id: string; username: string };
  let janeToken: string;
  let oliveToken: string;
  let providerToken: string;
  let otherProviderToken: string;
  let noPermissionToken: string;
  const janeVitals = new Map<string, string>();
  let oliveVitalId: string;
  let janeAppointmentIds: string[];
  let oliveAppointmentId: string;
  let janeCardId: string;
  let oliveCardId: string;
  let messagingToken: string;
  let janeMessageIds: string[];
  let oliveMessageId: string;

  /** GET as a caller; every resource in the answer is validated. */
  const get = (url: string, token?: string) => fhirGet(t, url, token);
  const search = (url: string, token: string) => fhirSearch(t, url, token);

  async function vital(userId: string, key: string, value: number, at: string) {
    const [row] = await t.context.db
      .insert(vitalValues)
      .values({ userId, key, value, recordedAt: new Date(at), recordedByUserId: userId })
      .returning({ id: vitalValues.id });
    if (!row) {
      throw new Error('vital not written');
    }
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.context.db;
    ({ world, other, jane, olive, janeToken, oliveToken, providerToken, otherProviderToken } =
      await createTwoClinicWorld(t));
    const colleague = await createTestUser(db, { memberType: 'doctor', permissions: [] });
    await db
      .insert(providers)
      .values({ userId: colleague.id, clinicId: world.clinicId, permissions: ['APPOINTMENTS'] });
    noPermissionToken = (await loginTokens(t.app, colleague.username)).access_token;

    janeVitals.set('pulse', await vital(jane.id, 'pulse', 72, '2026-01-15T09:00:00Z'));
    janeVitals.set('weight', await vital(jane.id, 'weight', 150.5, '2026-02-10T09:00:00Z'));
    janeVitals.set('height', await vital(jane.id, 'height', 66, '2026-02-10T09:00:00Z'));
    janeVitals.set('bmi', await vital(jane.id, 'bmi', 24.3, '2026-02-10T09:00:00Z'));
    janeVitals.set('temperature', await vital(jane.id, 'temperature', 98.6, '2026-03-05T09:00:00Z'));
    janeVitals.set(
      'oxygen_saturation',
      await vital(jane.id, 'oxygen_saturation', 98, '2026-03-05T09:00:00Z'),
    );
    janeVitals.set('systolic_bp', await vital(jane.id, 'systolic_bp', 120, '2026-03-05T09:30:00Z'));
    janeVitals.set('diastolic_bp', await vital(jane.id, 'diastolic_bp', 80, '2026-03-05T09:30:00Z'));
    janeVitals.set('lone_diastolic', await vital(jane.id, 'diastolic_bp', 75, '2026-03-06T09:30:00Z'));
    // Not a vital sign: not published.
    janeVitals.set('steps', await vital(jane.id, 'steps', 9000, '2026-03-06T09:30:00Z'));
    oliveVitalId = await vital(olive.id, 'pulse', 64, '2026-02-01T09:00:00Z');

    janeAppointmentIds = [
      (
        await insertAppointment(db, world, {
          patientUserId: jane.id,
          startAt: new Date('2026-11-27T14:00:00Z'),
        })
      ).id,
      (
        await insertAppointment(db, world, {
          patientUserId: jane.id,
          startAt: new Date('2026-11-28T14:00:00Z'),
          status: 'completed',
          type: 'video_call',
          consultationTypeId: world.videoTypeId,
        })
      ).id,
      (
        await insertAppointment(db, world, {
          patientUserId: jane.id,
          startAt: new Date('2026-12-02T15:00:00Z'),
          status: 'cancelled',
          comment: 'Back pain',
        })
      ).id,
    ];
    oliveAppointmentId = (
      await insertAppointment(db, other, {
        patientUserId: olive.id,
        startAt: new Date('2026-11-28T15:00:00Z'),
      })
    ).id;
    janeCardId = (
      await insertTestCard(db, {
        clinicId: world.clinicId,
        userId: jane.id,
        updatedAt: new Date('2026-11-01T10:00:00Z'),
      })
    ).id;
    oliveCardId = (
      await insertTestCard(db, {
        clinicId: other.clinicId,
        userId: olive.id,
        updatedAt: new Date('2026-11-01T10:00:00Z'),
      })
    ).id;
    const messenger = await createTestUser(db, { memberType: 'doctor', permissions: [] });
    await db
      .insert(providers)
      .values({ userId: messenger.id, clinicId: world.clinicId, permissions: ['PATIENT', 'MESSAGE'] });
    messagingToken = (await loginTokens(t.app, messenger.username)).access_token;
    const thread = async (clinicId: string, patientId: string, providerId: string, at: string) => {
      const [row] = await db
        .insert(messageThreads)
        .values({
          clinicId,
          subject: 'Test results',
          createdByUserId: patientId,
          createdAt: new Date(at),
          lastMessageAt: new Date(at),
        })
        .returning({ id: messageThreads.id });
      if (!row) {
        throw new Error('thread not written');
      }
      await db.insert(messageThreadParticipants).values([
        { threadId: row.id, userId: patientId, kind: 'patient' },
        { threadId: row.id, userId: providerId, kind: 'provider' },
      ]);
      return row.id;
    };
    const message = async (threadId: string, senderUserId: string, at: string) => {
      const [row] = await db
        .insert(threadMessages)
        .values({ threadId, senderUserId, body: 'Are my results in?', createdAt: new Date(at) })
        .returning({ id: threadMessages.id });
      if (!row) {
        throw new Error('message not written');
      }
      return row.id;
    };
    const janeThread = await thread(world.clinicId, jane.id, messenger.id, '2026-11-20T10:00:00Z');
    janeMessageIds = [
      await message(janeThread, jane.id, '2026-11-20T10:00:00Z'),
      await message(janeThread, messenger.id, '2026-11-21T10:00:00Z'),
    ];
    const oliveThread = await thread(other.clinicId, olive.id, other.provider.userId, '2026-11-20T11:00:00Z');
    oliveMessageId = await message(oliveThread, olive.id, '2026-11-20T11:00:00Z');
  });
  afterAll(() => t.close());

  describe('metadata', () => {
    it('answers a CapabilityStatement of exactly what is served, without a token', async () => {
      const answer = await get('/fhir/R4/metadata');
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^application\/fhir\+json/);
      const rest = (
        answer.body.rest as {
          resource: { type: string; interaction: { code: string }[]; searchParam: { name: string }[] }[];
        }[]
      )[0];
      expect(rest?.resource.map((resource) => resource.type)).toEqual([
        'Patient',
        'Observation',
        'Appointment',
        'Coverage',
        'Communication',
        'Practitioner',
        'Organization',
        'Location',
        'Questionnaire',
        'QuestionnaireResponse',
        'DocumentReference',
        'Schedule',
        'Slot',
        'Binary',
      ]);
      for (const resource of rest?.resource ?? []) {
        // Binary is read by id only (decision 0088): a DocumentReference's file.
        expect(resource.interaction.map((interaction) => interaction.code)).toEqual(
          resource.type === 'Binary' ? ['read'] : ['read', 'search-type'],
        );
      }
      const observation = rest?.resource.find((resource) => resource.type === 'Observation');
      expect(observation?.searchParam.map((param) => param.name).sort()).toEqual(
        ['_count', '_id', '_lastUpdated', '_sort', 'category', 'code', 'date', 'patient', 'status'].sort(),
      );
      const answers = rest?.resource.find((resource) => resource.type === 'QuestionnaireResponse');
      expect(answers?.searchParam.map((param) => param.name).sort()).toEqual(
        ['_count', '_id', '_lastUpdated', '_sort', 'authored', 'patient', 'questionnaire'].sort(),
      );
      const documents = rest?.resource.find((resource) => resource.type === 'DocumentReference');
      expect(documents?.searchParam.map((param) => param.name).sort()).toEqual(
        ['_count', '_id', '_lastUpdated', '_sort', 'date', 'patient', 'status'].sort(),
      );
      const slot = rest?.resource.find((resource) => resource.type === 'Slot');
      expect(slot?.searchParam.map((param) => param.name).sort()).toEqual(
        ['_count', '_id', 'schedule', 'start', 'status'].sort(),
      );
    });

    it('names the SMART endpoints and only profiles the tests can validate', async () => {
      const answer = await get('/fhir/R4/metadata');
      const rest = (
        answer.body.rest as {
          security: { cors: boolean; extension: { extension: { url: string; valueUri: string }[] }[] };
          resource: { type: string; supportedProfile?: string[] }[];
        }[]
      )[0];
      expect(rest?.security.cors).toBe(true);
      const uris = rest?.security.extension[0]?.extension.map((uri) => [
        uri.url,
        new URL(uri.valueUri).pathname,
      ]);
      expect(uris).toEqual([
        ['authorize', '/oauth/smart/authorize'],
        ['token', '/oauth/smart/token'],
      ]);
      const claimed = (rest?.resource ?? []).flatMap((resource) => resource.supportedProfile ?? []);
      expect(claimed).toContain('http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient');
      expect(claimed.filter((url) => !canValidateProfile(url))).toEqual([]);
    });
  });

  describe('errors', () => {
    it('refuses a call without a token or with a bad one (401 OperationOutcome)', async () => {
      expectOutcome(await get('/fhir/R4/Patient'), 401, 'login');
      expectOutcome(await get('/fhir/R4/Patient', 'not-a-token'), 401, 'login');
    });

    it('answers 400 for bad search parameters and values', async () => {
      for (const url of [
        '/fhir/R4/Observation?name=jane',
        '/fhir/R4/Observation?date=2026-13',
        '/fhir/R4/Observation?date=ap2026',
        '/fhir/R4/Observation?_count=many',
        '/fhir/R4/Observation?code:text=pulse',
        '/fhir/R4/Patient?date=2026',
        '/fhir/R4/Appointment?patient=Practitioner/1',
      ]) {
        expectOutcome(await get(url, janeToken), 400);
      }
    });

    it('answers 404 for a type not served and 405 for writes', async () => {
      expectOutcome(await get('/fhir/R4/Medication', janeToken), 404, 'not-supported');
      expectOutcome(await get('/fhir/R4/Medication/1', janeToken), 404, 'not-supported');
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
        const response = await t.app.inject({
          method,
          url: `/fhir/R4/Patient/${jane.id}`,
          headers: { ...bearer(janeToken), 'content-type': 'application/fhir+json' },
          payload: JSON.stringify({ resourceType: 'Patient' }),
        });
        expect(response.statusCode, method).toBe(405);
        expect(response.json<FhirResource>().resourceType).toBe('OperationOutcome');
      }
    });

    it('answers an id that is not ours as not found', async () => {
      expectOutcome(await get('/fhir/R4/Patient/not-a-uuid', janeToken), 404, 'not-found');
    });
  });

  describe('a patient reads their own compartment only', () => {
    it('reads their own Patient, valid US Core', async () => {
      const answer = await get(`/fhir/R4/Patient/${jane.id}`, janeToken);
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(jane.id);
      expect(answer.contentType).toMatch(/^application\/fhir\+json/);
      const bundle = await search('/fhir/R4/Patient', janeToken);
      expect(idsOf(bundle)).toEqual([jane.id]);
      expect(bundle.total).toBe(1);
    });

    it('reads nothing of olive’s: 404 on read, empty on search', async () => {
      expectOutcome(await get(`/fhir/R4/Patient/${olive.id}`, janeToken), 404, 'not-found');
      expectOutcome(await get(`/fhir/R4/Observation/${oliveVitalId}`, janeToken), 404, 'not-found');
      expectOutcome(await get(`/fhir/R4/Appointment/${oliveAppointmentId}`, janeToken), 404, 'not-found');
      expect(idsOf(await search(`/fhir/R4/Observation?patient=${olive.id}`, janeToken))).toEqual([]);
      expect(idsOf(await search(`/fhir/R4/Appointment?patient=Patient/${olive.id}`, janeToken))).toEqual([]);
      expect(idsOf(await search(`/fhir/R4/Patient?_id=${olive.id}`, janeToken))).toEqual([]);
      // Olive herself reads hers.
      expect((await get(`/fhir/R4/Observation/${oliveVitalId}`, oliveToken)).status).toBe(200);
    });

    it('reads the Organization and Location of their clinic, not another clinic’s', async () => {
      expect((await get(`/fhir/R4/Organization/${world.clinicId}`, janeToken)).status).toBe(200);
      expectOutcome(await get(`/fhir/R4/Organization/${other.clinicId}`, janeToken), 404);
      const locations = idsOf(await search('/fhir/R4/Location', janeToken));
      expect(locations).toContain(world.departmentId);
      expect(locations).not.toContain(other.departmentId);
      const practitioners = idsOf(await search('/fhir/R4/Practitioner', janeToken));
      expect(practitioners).toContain(world.provider.userId);
      expect(practitioners).not.toContain(other.provider.userId);
    });
  });

  describe('Observation (vital signs)', () => {
    it('publishes each vital sign with LOINC and UCUM, BP as one panel, not the other keys', async () => {
      const bundle = await search('/fhir/R4/Observation', janeToken);
      const ids = idsOf(bundle);
      expect(ids).not.toContain(janeVitals.get('diastolic_bp'));
      expect(ids).not.toContain(janeVitals.get('steps'));
      expect(bundle.total).toBe(8);
      const byId = new Map<string | undefined, unknown>(
        bundle.entry.map((entry) => [entry.resource.id, entry.resource]),
      );
      const bp = byId.get(janeVitals.get('systolic_bp') ?? '') as {
        component: { valueQuantity?: { value: number; code: string } }[];
      };
      expect(bp.component.map((part) => part.valueQuantity?.value)).toEqual([120, 80]);
      expect(bp.component[0]?.valueQuantity?.code).toBe('mm[Hg]');
      const lone = byId.get(janeVitals.get('lone_diastolic') ?? '') as {
        component: { valueQuantity?: { value: number }; dataAbsentReason?: unknown }[];
      };
      expect(lone.component[0]?.dataAbsentReason).toBeDefined();
      expect(lone.component[1]?.valueQuantity?.value).toBe(75);
      const bmi = byId.get(janeVitals.get('bmi') ?? '') as {
        code: { coding: { code: string }[] };
        valueQuantity: unknown;
      };
      expect(bmi.code.coding[0]?.code).toBe('39156-5');
      expect(bmi.valueQuantity).toEqual({
        value: 24.3,
        unit: 'kg/m2',
        system: 'http://unitsofmeasure.org',
        code: 'kg/m2',
      });
      const weight = byId.get(janeVitals.get('weight') ?? '') as { valueQuantity: { code: string } };
      expect(weight.valueQuantity.code).toBe('[lb_av]');
    });

    it('searches by code, category and status', async () => {
      expect(idsOf(await search('/fhir/R4/Observation?code=http://loinc.org|8867-4', janeToken))).toEqual([
        janeVitals.get('pulse'),
      ]);
      expect(idsOf(await search('/fhir/R4/Observation?code=85354-9', janeToken)).length).toBe(2);
      expect(
        idsOf(await search('/fhir/R4/Observation?code=http://snomed.info/sct|8867-4', janeToken)),
      ).toEqual([]);
      expect(
        (
          await search(
            '/fhir/R4/Observation?category=http://terminology.hl7.org/CodeSystem/observation-category|vital-signs',
            janeToken,
          )
        ).total,
      ).toBe(8);
      expect((await search('/fhir/R4/Observation?category=laboratory', janeToken)).total).toBe(0);
      expect((await search('/fhir/R4/Observation?status=final', janeToken)).total).toBe(8);
      expect((await search('/fhir/R4/Observation?status=preliminary', janeToken)).total).toBe(0);
      expect(
        idsOf(await search(`/fhir/R4/Observation?_id=${janeVitals.get('bmi') ?? ''}`, janeToken)),
      ).toEqual([janeVitals.get('bmi')]);
    });

    it('filters by date with each prefix and partial dates', async () => {
      const count = async (query: string) => (await search(`/fhir/R4/Observation?${query}`, janeToken)).total;
      // pulse 2026-01-15; weight, height, bmi 2026-02-10; temperature, SpO2, BP 2026-03-05; lone BP 2026-03-06.
      expect(await count('date=2026')).toBe(8);
      expect(await count('date=2025')).toBe(0);
      expect(await count('date=2026-02')).toBe(3);
      expect(await count('date=eq2026-02-10')).toBe(3);
      expect(await count('date=ne2026-02')).toBe(5);
      expect(await count('date=lt2026-02')).toBe(1);
      expect(await count('date=le2026-02')).toBe(4);
      expect(await count('date=gt2026-02')).toBe(4);
      expect(await count('date=ge2026-02')).toBe(7);
      expect(await count('date=sa2026-03-05')).toBe(1);
      expect(await count('date=eb2026-02-10')).toBe(1);
      expect(await count('date=ge2026-02&date=lt2026-03')).toBe(3);
      expect(await count('date=2026-03-05T09:30:00Z')).toBe(1);
      // 10:30 at +02:00 is 08:30 UTC: the three readings of 09:00 and 09:30 that day, and the next day's.
      expect(await count('date=ge2026-03-05T10:30%2B02:00')).toBe(4);
    });
  });

  describe('Appointment', () => {
    it('maps statuses and participants, searches by status and date', async () => {
      const bundle = await search('/fhir/R4/Appointment', janeToken);
      expect(idsOf(bundle)).toEqual(janeAppointmentIds);
      expect(bundle.entry.map((entry) => entry.resource.status)).toEqual([
        'booked',
        'fulfilled',
        'cancelled',
      ]);
      expect(idsOf(await search('/fhir/R4/Appointment?status=fulfilled,cancelled', janeToken))).toEqual(
        janeAppointmentIds.slice(1),
      );
      expect(idsOf(await search('/fhir/R4/Appointment?date=2026-11-28', janeToken))).toEqual([
        janeAppointmentIds[1],
      ]);
      expect(idsOf(await search('/fhir/R4/Appointment?date=ge2026-11-28', janeToken))).toEqual(
        janeAppointmentIds.slice(1),
      );
      expect(idsOf(await search('/fhir/R4/Appointment?date=lt2026-11-28', janeToken))).toEqual([
        janeAppointmentIds[0],
      ]);
      expect(idsOf(await search('/fhir/R4/Appointment?date=2026-11', janeToken))).toEqual(
        janeAppointmentIds.slice(0, 2),
      );
    });
  });

  describe('Coverage (insurance cards)', () => {
    it('maps a card to Coverage, the patient’s own only', async () => {
      const bundle = await search('/fhir/R4/Coverage', janeToken);
      expect(idsOf(bundle)).toEqual([janeCardId]);
      const coverage = bundle.entry[0]?.resource as unknown as {
        beneficiary: { reference: string };
        subscriberId: string;
        payor: { display: string }[];
        order: number;
      };
      expect(coverage.beneficiary.reference).toBe(`Patient/${jane.id}`);
      expect(coverage.subscriberId).toBe('XZ123456789');
      expect(coverage.payor[0]?.display).toBe('Aetna');
      expect(coverage.order).toBe(1);
      expectOutcome(await get(`/fhir/R4/Coverage/${oliveCardId}`, janeToken), 404);
      expect((await search('/fhir/R4/Coverage?status=cancelled', janeToken)).total).toBe(0);
      expect(idsOf(await search(`/fhir/R4/Coverage?patient=${jane.id}`, providerToken))).toEqual([
        janeCardId,
      ]);
      expect(idsOf(await search(`/fhir/R4/Coverage?patient=${olive.id}`, providerToken))).toEqual([]);
    });
  });

  describe('Communication (secure messages)', () => {
    it('serves the patient’s own thread messages, with sender and date search', async () => {
      const bundle = await search('/fhir/R4/Communication', janeToken);
      expect(idsOf(bundle)).toEqual(janeMessageIds);
      const senders = bundle.entry.map(
        (entry) => (entry.resource as unknown as { sender: { reference: string } }).sender.reference,
      );
      expect(senders[0]).toBe(`Patient/${jane.id}`);
      expect(senders[1]).toMatch(/^Practitioner\//);
      expect(idsOf(await search('/fhir/R4/Communication?date=ge2026-11-21', janeToken))).toEqual([
        janeMessageIds[1],
      ]);
      expectOutcome(await get(`/fhir/R4/Communication/${oliveMessageId}`, janeToken), 404);
    });

    it('serves a provider the messages of clinics where they hold PATIENT and MESSAGE only', async () => {
      expect(idsOf(await search('/fhir/R4/Communication', messagingToken))).toEqual(janeMessageIds);
      // PATIENT without MESSAGE: no messages.
      expect((await search('/fhir/R4/Communication', providerToken)).total).toBe(0);
      expectOutcome(await get(`/fhir/R4/Communication/${oliveMessageId}`, messagingToken), 404);
    });
  });

  describe('a provider reads the patients of the clinics where they hold PATIENT', () => {
    it('reads their clinic’s patient, not another clinic’s', async () => {
      expect((await get(`/fhir/R4/Patient/${jane.id}`, providerToken)).status).toBe(200);
      expectOutcome(await get(`/fhir/R4/Patient/${olive.id}`, providerToken), 404);
      expectOutcome(await get(`/fhir/R4/Observation/${oliveVitalId}`, providerToken), 404);
      expectOutcome(await get(`/fhir/R4/Appointment/${oliveAppointmentId}`, providerToken), 404);
      const patients = idsOf(await search('/fhir/R4/Patient', providerToken));
      expect(patients).toContain(jane.id);
      expect(patients).not.toContain(olive.id);
      expect((await search(`/fhir/R4/Observation?patient=${jane.id}`, providerToken)).total).toBe(8);
      expect((await search(`/fhir/R4/Observation?patient=${olive.id}`, providerToken)).total).toBe(0);
      expect((await search(`/fhir/R4/Observation?patient=${olive.id}`, otherProviderToken)).total).toBe(1);
      expect(idsOf(await search(`/fhir/R4/Organization`, providerToken))).toEqual([world.clinicId]);
    });

    it('reads no patient without PATIENT, but their clinic’s directory', async () => {
      expectOutcome(await get(`/fhir/R4/Patient/${jane.id}`, noPermissionToken), 404);
      expect((await search('/fhir/R4/Patient', noPermissionToken)).total).toBe(0);
      expect((await search('/fhir/R4/Appointment', noPermissionToken)).total).toBe(0);
      const organizations = idsOf(await search('/fhir/R4/Organization', noPermissionToken));
      expect(organizations).toContain(world.clinicId);
      expect(organizations).not.toContain(other.clinicId);
    });
  });

  describe('paging', () => {
    it('follows next links to the end, each row once, with fullUrls', async () => {
      const seen: string[] = [];
      let url: string | undefined = '/fhir/R4/Observation?_count=3';
      let pages = 0;
      let total = -1;
      while (url) {
        const bundle = await search(url, janeToken);
        total = bundle.total ?? total;
        for (const entry of bundle.entry) {
          expect(entry.fullUrl).toMatch(new RegExp(`/fhir/R4/Observation/${entry.resource.id ?? 'x'}$`));
          seen.push(entry.resource.id ?? '');
        }
        const self = bundle.link.find((link) => link.relation === 'self');
        expect(self?.url).toContain('_count=3');
        const next = bundle.link.find((link) => link.relation === 'next');
        url = next ? new URL(next.url).pathname + new URL(next.url).search : undefined;
        pages += 1;
        expect(pages).toBeLessThan(10);
      }
      expect(pages).toBe(3);
      expect(total).toBe(8);
      expect(new Set(seen).size).toBe(8);
    });

    it('answers _count=0 with the total only', async () => {
      const bundle = await search('/fhir/R4/Observation?_count=0', janeToken);
      expect(bundle.entry).toEqual([]);
      expect(bundle.link.find((link) => link.relation === 'next')).toBeUndefined();
    });
  });

  describe('an app caller (SMART, wired at merge) is held to its scopes', () => {
    const appCaller = (scopes: string[]): FhirCaller => ({
      userId: jane.id,
      actorUserId: jane.id,
      actingForUserId: null,
      patientUserId: jane.id,
      patientClinicIds: [],
      messageClinicIds: [],
      directoryClinicIds: [world.clinicId],
      scopes,
      app: { appId: 'test-app', appName: 'Test app' },
    });

    it('reads what patient/Observation.rs grants, refuses the rest with 403', async () => {
      const caller = appCaller(['patient/Observation.rs']);
      const found = await searchResources(t.context, caller, 'Observation', {});
      expect(found.total).toBe(8);
      await expect(searchResources(t.context, caller, 'Appointment', {})).rejects.toMatchObject({
        statusCode: 403,
        issueCode: 'forbidden',
      });
      await expect(
        readResource(t.context, appCaller(['patient/Patient.s']), 'Patient', jane.id),
      ).rejects.toBeInstanceOf(FhirError);
      const read = await readResource(t.context, appCaller(['patient/*.read']), 'Patient', jane.id);
      expect(read.resource.id).toBe(jane.id);
      // The app's patient is the compartment: olive's data stays out of it.
      await expect(
        readResource(t.context, appCaller(['patient/*.rs']), 'Observation', oliveVitalId),
      ).rejects.toMatchObject({ statusCode: 404 });
    });
  });

  describe('audit', () => {
    it('records each read of patient data through FHIR', async () => {
      const before = await t.context.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(and(eq(auditEvents.patientId, jane.id), eq(auditEvents.resourceType, 'vitals')));
      await get(`/fhir/R4/Observation/${janeVitals.get('pulse') ?? ''}`, providerToken);
      const after = await t.context.db
        .select({
          actor: auditEvents.actorUserId,
          resourceId: auditEvents.resourceId,
          action: auditEvents.action,
        })
        .from(auditEvents)
        .where(and(eq(auditEvents.patientId, jane.id), eq(auditEvents.resourceType, 'vitals')));
      expect(after.length).toBe(before.length + 1);
      expect(after).toContainEqual({
        actor: world.provider.userId,
        resourceId: `Observation/${janeVitals.get('pulse') ?? ''}`,
        action: 'read',
      });
    });
  });
});
