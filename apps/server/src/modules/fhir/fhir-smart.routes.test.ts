import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/audit.ts';
import { providers } from '../../db/schema/clinics.ts';
import { vitalValues } from '../../db/schema/vitals.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { insertAppointment, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { connectTestApp, registerTestApp, type RegisteredApp } from '../smart-apps/smart-test-helpers.ts';
import { expectOutcome, fhirGet } from './fhir-test-client.ts';
import type { Bundle } from './fhir-types.ts';
import { createTwoClinicWorld } from './fhir-test-world.ts';

// Issue 21 items 1 and 3 (decisions 0081, 0082, 0084): an app connected through SMART reads FHIR as
// the person who connected it, no further: jane's app reads jane's record and nothing of olive's, its
// scopes limit the types it reads, a disconnected app is refused at once (401, invalid_token), a
// provider's app reads only the patients of the clinics where the provider holds PATIENT, and every
// read names the app in the audit trail.

describe('FHIR through a SMART app', () => {
  let t: TestApp;
  let app: RegisteredApp;
  let world: SchedulingWorld;
  let other: SchedulingWorld;
  let jane: { id: string; username: string };
  let olive: { id: string; username: string };
  let janeToken: string;

  const get = (url: string, token: string) => fhirGet(t, url, token);

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    const db = t.context.db;
    app = await registerTestApp(t);
    ({ world, other, jane, olive, janeToken } = await createTwoClinicWorld(t));
    await db.insert(vitalValues).values([
      {
        userId: jane.id,
        key: 'pulse',
        value: 72,
        recordedAt: new Date('2026-01-15T09:00:00Z'),
        recordedByUserId: jane.id,
      },
      {
        userId: olive.id,
        key: 'pulse',
        value: 64,
        recordedAt: new Date('2026-01-15T09:00:00Z'),
        recordedByUserId: olive.id,
      },
    ]);
    await insertAppointment(db, world, { patientUserId: jane.id, startAt: new Date('2026-11-27T14:00:00Z') });
    await insertAppointment(db, other, {
      patientUserId: olive.id,
      startAt: new Date('2026-11-27T15:00:00Z'),
    });
  });
  afterAll(() => t.close());

  it("jane's app reads her Patient, Appointments and vitals, and nothing of olive's", async () => {
    const tokens = await connectTestApp(t, app, janeToken, 'launch/patient patient/*.rs');
    expect(tokens.patient).toBe(jane.id);
    const patient = await get(`/fhir/R4/Patient/${jane.id}`, tokens.access_token);
    expect(patient.status).toBe(200);
    expect(patient.body).toMatchObject({ resourceType: 'Patient', id: jane.id });

    const appointments = await get(`/fhir/R4/Appointment?patient=${jane.id}`, tokens.access_token);
    expect((appointments.body as Bundle).entry).toHaveLength(1);
    const vitals = await get(
      `/fhir/R4/Observation?patient=${jane.id}&category=vital-signs`,
      tokens.access_token,
    );
    expect((vitals.body as Bundle).entry.map((entry) => entry.resource.resourceType)).toEqual([
      'Observation',
    ]);

    expectOutcome(await get(`/fhir/R4/Patient/${olive.id}`, tokens.access_token), 404);
    const theirs = await get(`/fhir/R4/Observation?patient=${olive.id}`, tokens.access_token);
    expect((theirs.body as Bundle).entry).toEqual([]);
  });

  it('answers an app in a browser on another origin (CORS, reads only); the portal API stays closed', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/fhir/R4/Patient/${jane.id}`,
      headers: {
        origin: 'https://app.example.org',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-methods'])).toBe('GET, HEAD');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    const portal = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/appointments',
      headers: { origin: 'https://app.example.org', 'access-control-request-method': 'GET' },
    });
    expect(portal.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reads only the types its scopes name', async () => {
    const tokens = await connectTestApp(t, app, janeToken, 'patient/Patient.rs');
    expect((await get(`/fhir/R4/Patient/${jane.id}`, tokens.access_token)).status).toBe(200);
    expectOutcome(await get(`/fhir/R4/Observation?patient=${jane.id}`, tokens.access_token), 403);
  });

  it('a disconnected app is refused at once, as an invalid token', async () => {
    const tokens = await connectTestApp(t, app, janeToken, 'patient/*.rs');
    expect((await get(`/fhir/R4/Patient/${jane.id}`, tokens.access_token)).status).toBe(200);
    const [connected] = (
      await t.app.inject({
        url: '/api/account/connected-apps',
        headers: { authorization: `Bearer ${janeToken}` },
      })
    ).json<{ id: string }[]>();
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/connected-apps/${connected?.id ?? ''}`,
      headers: { authorization: `Bearer ${janeToken}` },
    });
    expect(revoked.statusCode).toBe(204);
    const refused = await get(`/fhir/R4/Patient/${jane.id}`, tokens.access_token);
    expectOutcome(refused, 401);
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    // A token of ours that never existed is refused the same way.
    expectOutcome(await get(`/fhir/R4/Patient/${jane.id}`, 'sat_not-a-token'), 401);
  });

  it("a provider's app reads the patients of clinics where the provider holds PATIENT, no others", async () => {
    const doctorToken = (await loginTokens(t.app, world.provider.username)).access_token;
    const tokens = await connectTestApp(t, app, doctorToken, 'user/*.rs');
    expect((await get(`/fhir/R4/Patient/${jane.id}`, tokens.access_token)).status).toBe(200);
    expectOutcome(await get(`/fhir/R4/Patient/${olive.id}`, tokens.access_token), 404);

    // A colleague at the same clinic whose PATIENT is taken away after connecting (a colleague without
    // it cannot connect at all, decision 0089): their app reads no patient from then on.
    const colleague = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
    await t.context.db
      .insert(providers)
      .values({ userId: colleague.id, clinicId: world.clinicId, permissions: ['PATIENT', 'APPOINTMENTS'] });
    const colleagueToken = (await loginTokens(t.app, colleague.username)).access_token;
    const colleagueApp = await connectTestApp(t, app, colleagueToken, 'user/*.rs');
    expect((await get(`/fhir/R4/Patient/${jane.id}`, colleagueApp.access_token)).status).toBe(200);
    await t.context.db
      .update(providers)
      .set({ permissions: ['APPOINTMENTS'] })
      .where(and(eq(providers.userId, colleague.id), eq(providers.clinicId, world.clinicId)));
    expectOutcome(await get(`/fhir/R4/Patient/${jane.id}`, colleagueApp.access_token), 404);
  });

  it('records each read as the app acting for the person who connected it', async () => {
    const tokens = await connectTestApp(t, app, janeToken, 'patient/*.rs');
    await get(`/fhir/R4/Patient/${jane.id}`, tokens.access_token);
    const events = await t.context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, jane.id), eq(auditEvents.action, 'read')));
    const appReads = events.filter((event) => event.resourceId?.includes(`via app`));
    expect(appReads.length).toBeGreaterThan(0);
    const last = appReads.at(-1);
    expect(last?.actingForUserId).toBe(jane.id);
    expect(last?.actorUserId).not.toBe(jane.id);
    // jane's "Who opened my record" names the app, as an app, not inside her session.
    const history = await t.app.inject({
      url: '/api/me/access-history',
      headers: { authorization: `Bearer ${janeToken}` },
    });
    expect(history.json<{ entries: unknown[] }>().entries).toContainEqual(
      expect.objectContaining({
        actor: { firstName: 'Health Diary', lastName: '', role: 'app' },
        throughPatientSession: false,
        action: 'read',
      }),
    );
  });

  it("names the app, acting for jane, in the clinic admin's audit search (decision 0088)", async () => {
    const tokens = await connectTestApp(t, app, janeToken, 'patient/*.rs');
    await get(`/fhir/R4/Patient/${jane.id}`, tokens.access_token);
    const admin = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
    await t.context.db
      .insert(providers)
      .values({ userId: admin.id, clinicId: world.clinicId, permissions: ['SETTING'] });
    const adminToken = (await loginTokens(t.app, admin.username)).access_token;
    const search = await t.app.inject({
      url: `/api/provider/audit?patientId=${jane.id}&action=read`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(search.statusCode, search.body).toBe(200);
    const events = search.json<{ events: Record<string, unknown>[] }>().events;
    const appRead = events.find((event) => String(event.resourceId).includes('via app'));
    expect(appRead).toMatchObject({
      actor: { firstName: 'Health Diary', lastName: '', kind: 'app' },
      actingFor: { id: jane.id, firstName: 'Test' },
      patient: { id: jane.id },
    });
    // A person stays a person.
    const janeSelf = await t.app.inject({
      url: `/api/provider/audit?actorUserId=${jane.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    for (const event of janeSelf.json<{ events: { actor: { kind: string } | null }[] }>().events) {
      expect(event.actor?.kind).toBe('person');
    }
    // The CSV names the app too.
    const csv = await t.app.inject({
      url: `/api/provider/audit.csv?patientId=${jane.id}&action=read`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(csv.body).toContain('"Health Diary"');
  });
});
