import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_CSV_COLUMNS,
  accessHistoryResponseSchema,
  auditSearchResponseSchema,
  auditStaffResponseSchema,
} from '@app/contracts/audit';
import type { ProviderPermission } from '@app/contracts/roles';
import { users } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { providers } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens, passwordGrant, PORTAL_CLIENT } from '../../modules/auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../../modules/patients/patients-test-helpers.ts';
import { sealAllAuditEvents } from './audit-sealer.ts';
import { verifyAuditChain } from './audit-verify.ts';

// Issue 19 items 1-3: the hook records reads, changes, logins and refusals; patients and clinic
// admins read the trail through the API.

describe('audit trail (issue 19)', () => {
  let t: TestApp;
  let smith: TestProvider;
  let jane: { id: string; username: string; token: string };
  let limited: { id: string; token: string };
  let admin: { id: string; token: string };
  let foreignAdmin: TestProvider;

  /** A provider in `clinicId` holding `permissions` there. */
  async function colleague(clinicId: string, permissions: ProviderPermission[]) {
    const user = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
    await t.context.db.insert(providers).values({ userId: user.id, clinicId, permissions });
    return { id: user.id, token: (await loginTokens(t.app, user.username)).access_token };
  }

  /** The id of the newest event so far: events of a request are those after it. */
  const lastId = async () => {
    const [row] = await t.context.db
      .select({ id: sql<string>`coalesce(max(${auditEvents.id}), 0)` })
      .from(auditEvents);
    return Number(row?.id ?? 0);
  };
  const eventsSince = (id: number) =>
    t.context.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(asc(auditEvents.id));

  const eventsOf = (patientId: string) =>
    t.context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.patientId, patientId))
      .orderBy(asc(auditEvents.id));

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    smith = await providerWithClinic(t, ['PATIENT', 'APPOINTMENTS', 'MESSAGE']);
    const janeUser = await patientAt(t, [smith.clinicId]);
    jane = {
      id: janeUser.id,
      username: janeUser.username,
      token: (await loginTokens(t.app, janeUser.username)).access_token,
    };
    limited = await colleague(smith.clinicId, ['APPOINTMENTS']);
    admin = await colleague(smith.clinicId, ['SETTING']);
    foreignAdmin = await providerWithClinic(t, ['SETTING', 'PATIENT']);
  });
  afterAll(async () => {
    await t.close();
  });

  it("records a provider's read of a patient's chart: who, whose, what, which request, from where", async () => {
    const before = await lastId();
    const response = await t.app.inject({
      url: `/api/provider/clinics/${smith.clinicId}/patients/${jane.id}`,
      headers: bearer(smith.token),
    });
    expect(response.statusCode).toBe(200);
    const events = await eventsSince(before);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      actorUserId: smith.id,
      actingForUserId: null,
      patientId: jane.id,
      resourceType: 'patient-chart',
      action: 'read',
      outcome: 'success',
      requestId: expect.any(String),
      clientAddress: '127.0.0.1',
    });
    // Written unsealed; the sealer chains it after the commit (decision 0077).
    expect(event?.hash).toBeNull();
    await sealAllAuditEvents(t.context.db);
    const [sealed] = await eventsSince(before);
    expect(sealed?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("records a change as update, and a patient's own reads of their record too", async () => {
    const emergency = `/api/demographics/accounts/${jane.id}/emergency`;
    const read = await t.app.inject({ url: emergency, headers: bearer(jane.token) });
    expect(read.statusCode).toBe(200);
    const rows = await eventsOf(jane.id);
    expect(rows.at(-1)).toMatchObject({ actorUserId: jane.id, resourceType: 'demographics', action: 'read' });
    // issue 19: "dr.limited overwrote jane's emergency contact and nothing says so" — now it does.
    const before = await lastId();
    const change = await t.app.inject({
      method: 'PUT',
      url: emergency,
      headers: bearer(smith.token),
      payload: { name: 'John Doe', relationship: 'Spouse', phone: '(212) 555-0123' },
    });
    expect(change.statusCode).toBe(200);
    expect(await eventsSince(before)).toMatchObject([
      {
        actorUserId: smith.id,
        patientId: jane.id,
        resourceType: 'demographics',
        action: 'update',
        outcome: 'success',
      },
    ]);
  });

  it('records one read per patient found by a provider search', async () => {
    const before = await lastId();
    const search = await t.app.inject({
      url: `/api/provider/clinics/${smith.clinicId}/patients?query=${encodeURIComponent('Test')}`,
      headers: bearer(smith.token),
    });
    expect(search.statusCode).toBe(200);
    const found = search.json<{ items: { id: string }[] }>().items.map((item) => item.id);
    expect(found).toContain(jane.id);
    const searchEvents = await eventsSince(before);
    expect(new Set(searchEvents.map((row) => row.resourceType))).toEqual(new Set(['patient-search']));
    expect(new Set(searchEvents.map((row) => row.requestId)).size).toBe(1);
    expect(searchEvents.map((row) => row.patientId).sort()).toEqual([...found].sort());
  });

  it('records a refusal by the access rules as permission-denied, and records nothing else for it', async () => {
    const before = await lastId();
    const response = await t.app.inject({
      url: `/api/provider/clinics/${smith.clinicId}/patients/${jane.id}`,
      headers: bearer(limited.token),
    });
    expect(response.statusCode).toBe(403);
    const rows = await eventsSince(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: limited.id,
      action: 'permission-denied',
      outcome: 'denied',
      resourceType: 'patient-chart',
      resourceId: 'GET /api/provider/clinics/:clinicId/patients/:patientId',
    });
  });

  it('records a login and a failed login (the account tried, never what was typed)', async () => {
    const call = async (username: string, password?: string) => {
      const before = await lastId();
      const response = await passwordGrant(t.app, username, password);
      return { status: response.statusCode, events: await eventsSince(before) };
    };
    const ok = await call(jane.username);
    expect(ok.status).toBe(200);
    const failed = await call(jane.username, 'wrong-Password#1');
    expect(failed.status).toBe(400);
    const unknown = await call('nobody.at.all', 'wrong-Password#1');
    expect(unknown.status).toBe(400);
    expect(ok.events).toMatchObject([
      {
        actorUserId: jane.id,
        action: 'login',
        outcome: 'success',
        resourceType: 'session',
        resourceId: 'password',
      },
    ]);
    expect(failed.events).toMatchObject([
      { actorUserId: jane.id, action: 'failed-login', outcome: 'failure' },
    ]);
    expect(unknown.events).toMatchObject([{ actorUserId: null, action: 'failed-login', outcome: 'failure' }]);
  });

  it("records a provider acting inside a patient's session as the actor, acting for the patient", async () => {
    const switched = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: bearer(smith.token),
      payload: { grant_type: 'clinic_user', client_id: PORTAL_CLIENT, clinic_user_id: jane.id },
    });
    expect(switched.statusCode).toBe(200);
    const token = switched.json<{ access_token: string }>().access_token;
    const before = await lastId();
    const read = await t.app.inject({ url: '/api/vitals/values', headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    const [event, ...more] = await eventsSince(before);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      actorUserId: smith.id,
      actingForUserId: jane.id,
      patientId: jane.id,
      resourceType: 'vitals',
      action: 'read',
    });
  });

  it('does not record routes that hold no patient data', async () => {
    const before = await lastId();
    const response = await t.app.inject({
      url: '/api/demographics/reference-lists',
      headers: bearer(jane.token),
    });
    expect(response.statusCode).toBe(200);
    expect(await eventsSince(before)).toEqual([]);
  });

  it("shows the patient who opened their record, newest first, paged, without the patient's own reads", async () => {
    const response = await t.app.inject({
      url: '/api/me/access-history?pageSize=2',
      headers: bearer(jane.token),
    });
    expect(response.statusCode).toBe(200);
    const body = accessHistoryResponseSchema.parse(response.json());
    expect(body.earlierCursor).not.toBeNull();
    expect(body.entries).toHaveLength(2);
    const ids = body.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The newest: smith's vitals read from inside jane's session.
    expect(body.entries[0]).toMatchObject({
      actor: { firstName: 'Test', role: 'provider' },
      resourceType: 'vitals',
      action: 'read',
      throughPatientSession: true,
    });
    const all = accessHistoryResponseSchema.parse(
      (
        await t.app.inject({ url: '/api/me/access-history?pageSize=100', headers: bearer(jane.token) })
      ).json(),
    );
    const own = await t.context.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, jane.id));
    expect(own.length).toBeGreaterThan(0);
    expect(all.entries.some((entry) => own.some((row) => row.id === entry.id))).toBe(false);
    expect(all.entries.map((entry) => entry.resourceType)).toEqual(
      expect.arrayContaining(['patient-chart', 'patient-search', 'vitals']),
    );
    const second = accessHistoryResponseSchema.parse(
      (
        await t.app.inject({
          url: `/api/me/access-history?pageSize=2&before=${body.earlierCursor ?? ''}`,
          headers: bearer(jane.token),
        })
      ).json(),
    );
    expect(second.entries[0]?.id).toBeLessThan(ids[1] ?? 0);
  });

  it('refuses the access history to providers and bad paging with a 400', async () => {
    expect(
      (await t.app.inject({ url: '/api/me/access-history', headers: bearer(smith.token) })).statusCode,
    ).toBe(403);
    const bad = await t.app.inject({
      url: '/api/me/access-history?pageSize=1000',
      headers: bearer(jane.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', errors: [{ field: 'pageSize' }] });
  });

  it("lets a clinic admin (SETTING) search the clinic's trail by patient, staff member, action and date", async () => {
    const search = (query: string) =>
      t.app.inject({ url: `/api/provider/audit?${query}`, headers: bearer(admin.token) });
    const byPatient = auditSearchResponseSchema.parse(
      (await search(`patientId=${jane.id}&pageSize=100`)).json(),
    );
    expect(byPatient.events.length).toBeGreaterThan(0);
    expect(byPatient.events.every((event) => event.patient?.id === jane.id)).toBe(true);
    const bySmithReads = auditSearchResponseSchema.parse(
      (await search(`patientId=${jane.id}&actorUserId=${smith.id}&action=read`)).json(),
    );
    expect(bySmithReads.events.length).toBeGreaterThan(0);
    expect(bySmithReads.events[0]).toMatchObject({
      actor: { id: smith.id, firstName: 'Test' },
      patient: { id: jane.id },
      action: 'read',
    });
    expect(
      bySmithReads.events.every((event) => event.actor?.id === smith.id && event.action === 'read'),
    ).toBe(true);
    const denied = auditSearchResponseSchema.parse((await search('action=permission-denied')).json());
    expect(denied.events.some((event) => event.actor?.id === limited.id)).toBe(true);
    const future = auditSearchResponseSchema.parse((await search('from=2999-01-01T00:00:00Z')).json());
    expect(future.events).toEqual([]);
    const past = auditSearchResponseSchema.parse((await search('to=2000-01-01T00:00:00Z')).json());
    expect(past.events).toEqual([]);
    const reversed = await search('from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ errors: [{ field: 'from' }] });
    expect((await search('action=peek')).statusCode).toBe(400);
  });

  it('keeps each clinic to its own trail, and refuses the search without SETTING', async () => {
    const foreign = await t.app.inject({
      url: `/api/provider/audit?patientId=${jane.id}`,
      headers: bearer(foreignAdmin.token),
    });
    expect(foreign.statusCode).toBe(200);
    expect(auditSearchResponseSchema.parse(foreign.json()).events).toEqual([]);
    for (const token of [smith.token, limited.token, jane.token]) {
      const refused = await t.app.inject({ url: '/api/provider/audit', headers: bearer(token) });
      expect(refused.statusCode).toBe(403);
      expect(
        (await t.app.inject({ url: '/api/provider/audit.csv', headers: bearer(token) })).statusCode,
      ).toBe(403);
    }
  });

  it("lists the staff of the admin's clinics for the staff filter, not another clinic's, and only to SETTING", async () => {
    // admin holds SETTING in smith's clinic only; their own test clinic (no SETTING) has a member too.
    const [own] = await t.context.db
      .select({ clinicId: providers.clinicId })
      .from(providers)
      .where(and(eq(providers.userId, admin.id), ne(providers.clinicId, smith.clinicId)));
    const outsider = await colleague(own?.clinicId ?? '', ['SETTING']);
    const before = await lastId();
    const response = await t.app.inject({ url: '/api/provider/audit/staff', headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    const { staff } = auditStaffResponseSchema.parse(response.json());
    expect(staff.map((member) => member.id).sort()).toEqual([smith.id, limited.id, admin.id].sort());
    const names = await t.context.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [smith.id, limited.id, admin.id]));
    for (const member of staff) {
      const user = names.find((row) => row.id === member.id);
      expect(member.name).toBe(`${user?.firstName ?? ''} ${user?.lastName ?? ''}`);
    }
    const shown = staff.map((member) => member.name);
    // As people read a list: "User 9" before "User 10" (numeric), case and accents aside.
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    expect(shown).toEqual([...shown].sort((a, b) => collator.compare(a, b)));
    expect(staff.some((member) => member.id === foreignAdmin.id || member.id === outsider.id)).toBe(false);
    // Names of colleagues only: reading the list is not on the trail.
    expect(await eventsSince(before)).toEqual([]);

    const foreign = auditStaffResponseSchema.parse(
      (await t.app.inject({ url: '/api/provider/audit/staff', headers: bearer(foreignAdmin.token) })).json(),
    );
    expect(foreign.staff.map((member) => member.id)).toEqual([foreignAdmin.id]);
    for (const token of [smith.token, limited.token, jane.token]) {
      const refused = await t.app.inject({ url: '/api/provider/audit/staff', headers: bearer(token) });
      expect(refused.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/provider/audit/staff' })).statusCode).toBe(401);
  });

  it('exports the search as CSV, and records the export itself', async () => {
    const before = await lastId();
    const response = await t.app.inject({
      url: `/api/provider/audit.csv?patientId=${jane.id}&actorUserId=${smith.id}`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]).toContain(`"${smith.id}"`);
    expect(lines[1]).toContain(`"${jane.id}"`);
    const [exported, ...more] = await eventsSince(before);
    expect(more).toEqual([]);
    expect(exported).toMatchObject({
      actorUserId: admin.id,
      patientId: jane.id,
      action: 'export',
      resourceType: 'audit',
      outcome: 'success',
    });
    const exports = auditSearchResponseSchema.parse(
      (await t.app.inject({ url: '/api/provider/audit?action=export', headers: bearer(admin.token) })).json(),
    );
    expect(exports.events[0]?.id).toBe(exported?.id);
  });

  it('keeps an intact chain through all of the above', async () => {
    expect(await sealAllAuditEvents(t.context.db)).toBeGreaterThan(0);
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 0 });
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const attempts = [
      sql`update audit_events set resource_type = 'nothing'`,
      sql`delete from audit_events`,
      sql`truncate audit_events`,
    ];
    for (const attempt of attempts) {
      await expect(t.context.db.execute(attempt)).rejects.toThrow();
    }
    await sealAllAuditEvents(t.context.db);
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 0 });
  });
});
