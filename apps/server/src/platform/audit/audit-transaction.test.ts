import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_PATHS } from '@app/contracts/patient-texts';
import { users } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { loginThrottles } from '../../db/schema/auth.ts';
import { patientDemographics } from '../../db/schema/demographics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../../modules/auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../../modules/patients/patients-test-helpers.ts';
import { videoWorld } from '../../modules/video/video-test-helpers.ts';
import type { AuditEvent } from './audit-recorder.ts';
import { auditChangeTouches, runInChangeScope, type ChangeAuditScope } from './audit-transaction.ts';
import { changeJoinProblem } from './audit-hook.ts';
import { sealAllAuditEvents } from './audit-sealer.ts';
import { verifyAuditChain } from './audit-verify.ts';

// Issue 19 item 1, decision 0064: a change of patient data and its audit event are written in one
// transaction. A committed change always has its event; a change that rolls back leaves neither.

describe('audit events in the transaction of the change (issue 19)', () => {
  let t: TestApp;
  let smith: TestProvider;
  let jane: { id: string; token: string };
  const emergencyOf = (id: string) => `/api/demographics/accounts/${id}/emergency`;

  const lastId = async () => {
    const [row] = await t.context.db
      .select({ id: sql<string>`coalesce(max(${auditEvents.id}), 0)` })
      .from(auditEvents);
    return Number(row?.id ?? 0);
  };
  const eventsSince = (id: number) =>
    t.context.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(asc(auditEvents.id));
  /** The transaction that last wrote a row (PostgreSQL's xmin): equal ids, one transaction. */
  const writer = sql<string>`xmin::text`;
  const writerOfEvent = async (id: number) => {
    const [row] = await t.context.db.select({ writer }).from(auditEvents).where(eq(auditEvents.id, id));
    return row?.writer;
  };
  const writerOfDemographics = async (userId: string) => {
    const [row] = await t.context.db
      .select({ writer })
      .from(patientDemographics)
      .where(eq(patientDemographics.userId, userId));
    return row?.writer;
  };
  const emergencyName = async () => {
    const [row] = await t.context.db
      .select({ name: patientDemographics.emergencyName })
      .from(patientDemographics)
      .where(eq(patientDemographics.userId, jane.id));
    return row?.name ?? null;
  };
  const putEmergency = (token: string, name: string) =>
    t.app.inject({
      method: 'PUT',
      url: emergencyOf(jane.id),
      headers: bearer(token),
      payload: { name, relationship: 'Spouse', phone: '(212) 555-0123' },
    });

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    smith = await providerWithClinic(t, ['PATIENT', 'APPOINTMENTS']);
    const janeUser = await patientAt(t, [smith.clinicId]);
    jane = { id: janeUser.id, token: (await loginTokens(t.app, janeUser.username)).access_token };
  });
  afterAll(async () => {
    await t.close();
  });

  it("commits a provider's change and its event in the same transaction", async () => {
    const before = await lastId();
    const response = await putEmergency(smith.token, 'John Doe');
    expect(response.statusCode, response.body).toBe(200);
    const events = await eventsSince(before);
    expect(events).toMatchObject([
      {
        actorUserId: smith.id,
        patientId: jane.id,
        resourceType: 'demographics',
        action: 'update',
        outcome: 'success',
        requestId: expect.any(String),
      },
    ]);
    const [event] = events;
    expect(event && (await writerOfEvent(event.id))).toBe(await writerOfDemographics(jane.id));
  });

  it("joins a patient's own change to its transaction too", async () => {
    const before = await lastId();
    expect((await putEmergency(jane.token, 'Jim Doe')).statusCode).toBe(200);
    const events = await eventsSince(before);
    expect(events).toMatchObject([{ actorUserId: jane.id, patientId: jane.id, action: 'update' }]);
    const [event] = events;
    expect(event && (await writerOfEvent(event.id))).toBe(await writerOfDemographics(jane.id));
  });

  it('does not make a change whose event cannot be written (500, the change rolled back)', async () => {
    const kept = await emergencyName();
    const before = await lastId();
    // The trail's writer is unavailable for one request: the change must not commit without it.
    await t.context.db.execute(
      sql`alter function audit_append(jsonb, timestamptz) rename to audit_append_away`,
    );
    try {
      const response = await putEmergency(smith.token, 'Never Written');
      expect(response.statusCode).toBe(500);
    } finally {
      await t.context.db.execute(
        sql`alter function audit_append_away(jsonb, timestamptz) rename to audit_append`,
      );
    }
    expect(await emergencyName()).toBe(kept);
    expect(await eventsSince(before)).toEqual([]);
  });

  it('leaves neither change nor event when the transaction fails after its write; a later one carries the events once', async () => {
    const kept = await emergencyName();
    const before = await lastId();
    const event: AuditEvent = {
      actorUserId: smith.id,
      patientId: jane.id,
      resourceType: 'demographics',
      resourceId: null,
      action: 'update',
      outcome: 'success',
      requestId: 'req-in-scope',
    };
    const scope: ChangeAuditScope = { events: [event], state: 'pending' };
    const write = (name: string, fail: boolean) =>
      t.context.db.transaction(async (tx) => {
        await tx
          .update(patientDemographics)
          .set({ emergencyName: name })
          .where(eq(patientDemographics.userId, jane.id));
        if (fail) {
          // e.g. a unique violation or a rule checked after the write
          throw new Error('refused after the write');
        }
      });
    const run = <T>(work: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        runInChangeScope(scope, () => {
          work().then(resolve, reject);
        });
      });

    await expect(run(() => write('Half Written', true))).rejects.toThrow('refused after the write');
    expect(await emergencyName()).toBe(kept);
    expect(await eventsSince(before)).toEqual([]);
    expect(scope.state).toBe('pending');

    await run(() => write('Second Try', false));
    await run(() => write('Third Write', false));
    expect(await emergencyName()).toBe('Third Write');
    expect(await eventsSince(before)).toMatchObject([{ requestId: 'req-in-scope', patientId: jane.id }]);
    expect(scope.state).toBe('recorded');
    // Outside a request's scope a transaction writes no event at all.
    await write('No Scope', false);
    expect(await eventsSince(before)).toHaveLength(1);
  });

  it('names a patient the change creates, in the transaction that creates them (a registration)', async () => {
    const before = await lastId();
    const response = await t.app.inject({
      method: 'POST',
      url: PATIENT_PATHS.create(smith.clinicId),
      headers: bearer(smith.token),
      payload: {
        firstName: 'Nora',
        lastName: 'Registered',
        birthdate: '1985-04-12',
        gender: 'female',
        mobilePhone: '',
        email: `nora.registered.${Date.now()}@example.com`,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { userId } = response.json<{ userId: string }>();
    const events = await eventsSince(before);
    expect(events).toMatchObject([{ actorUserId: smith.id, patientId: userId, action: 'create' }]);
    const [user] = await t.context.db.select({ writer }).from(users).where(eq(users.id, userId));
    const [event] = events;
    expect(event && (await writerOfEvent(event.id))).toBe(user?.writer);
  });

  it('notes a write through db itself while a change is served; a credential throttle may stand alone', async () => {
    const scope: ChangeAuditScope = {
      events: [
        {
          actorUserId: smith.id,
          patientId: null,
          resourceType: 'demographics',
          action: 'update',
          outcome: 'success',
        },
      ],
      state: 'pending',
    };
    await new Promise<void>((resolve, reject) => {
      runInChangeScope(scope, () => {
        const work = async () => {
          await t.context.db
            .insert(loginThrottles)
            .values({ userId: jane.id, clientAddress: 'audit-test', failures: 1, lastFailureAt: new Date(0) })
            .onConflictDoNothing();
          expect(scope.writeOutside).toBeUndefined();
          auditChangeTouches([jane.id, jane.id, smith.id]);
          await t.context.db
            .update(patientDemographics)
            .set({ emergencyName: 'Written Alone' })
            .where(eq(patientDemographics.userId, jane.id));
        };
        work().then(resolve, reject);
      });
    });
    expect(scope.writeOutside).toBe('update patient_demographics');
    // Each patient once, the rest of the event as prepared.
    expect(scope.events).toMatchObject([
      { patientId: jane.id, action: 'update' },
      { patientId: smith.id, action: 'update' },
    ]);
  });

  it('calls a change that wrote alone, or whose patients only its answer names, a problem', () => {
    const event = {
      actorUserId: smith.id,
      resourceType: 'messages',
      action: 'create',
      outcome: 'success',
    } as const;
    const route = 'POST /api/x';
    expect(
      changeJoinProblem(route, { events: [{ ...event, patientId: jane.id }], state: 'recorded' }, false, {}),
    ).toBeNull();
    expect(
      changeJoinProblem(
        route,
        { events: [{ ...event, patientId: jane.id }], state: 'recorded', writeOutside: 'insert tasks' },
        false,
        {},
      ),
    ).toBe('POST /api/x wrote outside a transaction (insert tasks): wrap its writes in db.transaction');
    const answer = { recipients: [{ patientId: jane.id }] };
    expect(
      changeJoinProblem(route, { events: [{ ...event, patientId: null }], state: 'recorded' }, false, answer),
    ).toBe(
      'POST /api/x names its patients only in its answer: record them with audit.record or auditChangeTouches in its transaction',
    );
    // A handler that recorded its events itself (audit.record) said who they were.
    expect(
      changeJoinProblem(route, { events: [{ ...event, patientId: null }], state: 'closed' }, true, answer),
    ).toBeNull();
  });

  it("records a read of a visit's chat, whose answer names no patient, for the visit's patient", async () => {
    const world = await videoWorld(t);
    const before = await lastId();
    const response = await t.app.inject({
      url: `/api/provider/clinics/${world.clinicId}/video-call/${world.appointmentId}/chat`,
      headers: bearer(world.doctorToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await eventsSince(before)).toMatchObject([
      {
        patientId: world.patient.userId,
        resourceType: 'video',
        resourceId: world.appointmentId,
        action: 'read',
      },
    ]);
  });

  it("records no read that showed no patient's data (an empty list)", async () => {
    const before = await lastId();
    // smith's clinic has no visits yet: the clinic's appointment list names nobody.
    const response = await t.app.inject({
      url: `/api/provider/clinics/${smith.clinicId}/appointments`,
      headers: bearer(smith.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await eventsSince(before)).toEqual([]);
  });

  it('still records reads, after the handler, in a statement of their own', async () => {
    const before = await lastId();
    const response = await t.app.inject({ url: emergencyOf(jane.id), headers: bearer(smith.token) });
    expect(response.statusCode).toBe(200);
    expect(await eventsSince(before)).toMatchObject([
      { actorUserId: smith.id, patientId: jane.id, resourceType: 'demographics', action: 'read' },
    ]);
    await sealAllAuditEvents(t.context.db);
    expect((await verifyAuditChain(t.context.db, t.context.now())).ok).toBe(true);
  });
});
