import { and, count, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleResponseSchema, type ScheduleResponse } from '@app/contracts/provider-schedule';
import type { ProviderPermission } from '@app/contracts/roles';
import { buildApp, type App } from '../../app.ts';
import { users } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { checkIns, tasks, taskSettings } from '../../db/schema/check-in.ts';
import { clinics, departments, providers } from '../../db/schema/clinics.ts';
import { balanceItems } from '../../db/schema/payments.ts';
import { clinicScheduleVersions } from '../../db/schema/provider-visits.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { issueQuickLink } from '../quick-links/quick-links.service.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { bearer } from '../patients/patients-test-helpers.ts';

// Issue 20, decision 0075: the day schedule answers from a per-instance cache checked against a
// per-clinic version that triggers raise in the transaction of every write the schedule shows. These
// tests show each kind of write raises it, that a change is in the very next read (through the API,
// straight to the database, or through another app instance on the same database), that the flags
// that depend on the time change without a write, and that a read from the cache is still audited.

const ALL: ProviderPermission[] = ['APPOINTMENTS', 'VIRTUAL_WAITING_ROOM', 'TELEHEALTH_WAITING_ROOM'];
const ZONE = 'America/New_York';
/** The server's clock starts at 10:00 in the clinic's zone, far from midnight. */
const TEN = DateTime.now().setZone(ZONE).startOf('day').set({ hour: 10 });
const TODAY = TEN.toISODate() ?? '';

describe('day schedule cache (issue 20, decision 0075)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let staff: string;
  let staffUsername: string;
  let patient: { id: string; username: string };
  const base = () => `/api/provider/clinics/${world.clinicId}`;

  async function schedule(app: App = t.app): Promise<ScheduleResponse> {
    const response = await app.inject({ url: `${base()}/schedule?date=${TODAY}`, headers: bearer(staff) });
    expect(response.statusCode, response.body).toBe(200);
    return scheduleResponseSchema.parse(response.json());
  }
  async function rowOf(id: string, app: App = t.app) {
    return (await schedule(app)).appointments.find((row) => row.appointmentId === id);
  }
  async function version(clinicId = world.clinicId): Promise<number> {
    const [row] = await t.context.db
      .select({ version: clinicScheduleVersions.version })
      .from(clinicScheduleVersions)
      .where(eq(clinicScheduleVersions.clinicId, clinicId));
    return row?.version ?? 0;
  }
  function appointmentAt(hour: number, minute = 0, type: 'office' | 'video_call' = 'office') {
    return insertAppointment(t.context.db, world, {
      patientUserId: patient.id,
      startAt: TEN.set({ hour, minute }).toJSDate(),
      type,
      consultationTypeId: type === 'video_call' ? world.videoTypeId : world.officeTypeId,
    });
  }
  /** Moves the server's clock on, and signs in again (an access token lasts 15 minutes). */
  async function later(minutes: number) {
    t.advanceClock(minutes * 60_000);
    staff = (await loginTokens(t.app, staffUsername)).access_token;
  }
  function setPatientStatus(app: App, id: string, patientStatus: string) {
    return app.inject({
      method: 'PUT',
      url: `${base()}/appointments/${id}/patient-status`,
      headers: bearer(staff),
      payload: { patientStatus },
    });
  }

  beforeAll(async () => {
    t = await buildTestApp({ CLOCK_AT: TEN.toJSDate() });
    world = await createSchedulingWorld(t.context.db);
    await t.context.db
      .update(clinics)
      .set({ modules: ['waitlist', 'PATIENT_OUTSIDE', 'TEXT_PAY'] })
      .where(eq(clinics.id, world.clinicId));
    const user = await createTestUser(t.context.db, { memberType: 'doctor' });
    await t.context.db.delete(providers).where(eq(providers.userId, user.id));
    await t.context.db
      .insert(providers)
      .values({ userId: user.id, clinicId: world.clinicId, permissions: ALL });
    staffUsername = user.username;
    staff = (await loginTokens(t.app, staffUsername)).access_token;
    patient = await createClinicPatient(t.context.db, world.clinicId);
  });
  afterAll(() => t.close());

  it("raises the clinic's version with every write the schedule shows, in that write's transaction only", async () => {
    const db = t.context.db;
    let last = await version();
    const raised = async (what: string) => {
      const now = await version();
      expect(now, what).toBeGreaterThan(last);
      last = now;
    };
    const unchanged = async (what: string) => {
      expect(await version(), what).toBe(last);
    };

    const appointment = await appointmentAt(15);
    await raised('booking');
    await db
      .update(appointments)
      .set({
        startAt: TEN.set({ hour: 16 }).toJSDate(),
        finishAt: TEN.set({ hour: 16, minute: 30 }).toJSDate(),
      })
      .where(eq(appointments.id, appointment.id));
    await raised('reschedule');
    expect((await setPatientStatus(t.app, appointment.id, 'in-office')).statusCode).toBe(200);
    await raised('patient status (appointment_visits)');
    await db.insert(checkIns).values({ appointmentId: appointment.id, outsideAt: t.context.now() });
    await raised('outside mark (check_ins)');
    await issueQuickLink(
      db,
      { type: 'outside', clinicId: world.clinicId, userId: patient.id, appointmentId: appointment.id },
      t.context.now(),
      'http://localhost',
    );
    await raised('quick link');
    const [setting] = await db
      .insert(taskSettings)
      .values({ clinicId: world.clinicId, title: 'Form', actionType: 'questionnaire' })
      .returning();
    await raised('task setting');
    const [task] = await db
      .insert(tasks)
      .values({
        clinicId: world.clinicId,
        userId: patient.id,
        appointmentId: appointment.id,
        settingId: setting?.id ?? '',
      })
      .returning();
    await raised('task');
    await db
      .update(tasks)
      .set({ status: 'DONE' })
      .where(eq(tasks.id, task?.id ?? ''));
    await raised('task progress');
    await db
      .insert(balanceItems)
      .values({ userId: patient.id, clinicId: world.clinicId, description: 'Copay', amountCents: 500 });
    await raised('balance');
    await db.update(departments).set({ city: 'Troy' }).where(eq(departments.id, world.departmentId));
    await raised('department');
    await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, patient.id));
    await raised("patient's name");
    await db.update(users).set({ image: 'x.png' }).where(eq(users.id, world.provider.userId));
    await raised("provider's image");

    await db.update(users).set({ email: 'elsewhere@example.com' }).where(eq(users.id, patient.id));
    await unchanged('a field the schedule does not show');
    const other = await createSchedulingWorld(db);
    await unchanged('another clinic');
    expect(await version(other.clinicId)).toBeGreaterThan(0);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(users).set({ lastName: 'Rolled back' }).where(eq(users.id, patient.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await unchanged('a rolled-back change');
  });

  it('serves the next read from the cache, and every change in the read after it', async () => {
    const db = t.context.db;
    const appointment = await appointmentAt(13);
    expect(await rowOf(appointment.id)).toMatchObject({ patientStatus: null, visitStatus: null });

    // A write that bypasses the triggers (replica mode) is not seen: the read came from the cache.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ lastName: 'Unseen' }).where(eq(users.id, patient.id));
    });
    expect((await rowOf(appointment.id))?.patientName).not.toContain('Unseen');

    // Through the API: patient status, then the check-in.
    expect((await setPatientStatus(t.app, appointment.id, 'in-office')).statusCode).toBe(200);
    expect(await rowOf(appointment.id)).toMatchObject({
      patientStatus: 'in-office',
      visitStatus: 'arrived',
      patientName: expect.stringContaining('Unseen') as unknown,
    });
    const checkedIn = await t.app.inject({
      method: 'POST',
      url: `${base()}/appointments/${appointment.id}/check-in`,
      headers: bearer(staff),
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect((await rowOf(appointment.id))?.visitStatus).toBe('check-in');

    // Straight to the database: task progress, a new booking, a reschedule.
    const [setting] = await db
      .insert(taskSettings)
      .values({ clinicId: world.clinicId, title: 'Consent', actionType: 'sign_document' })
      .returning();
    const [task] = await db
      .insert(tasks)
      .values({
        clinicId: world.clinicId,
        userId: patient.id,
        appointmentId: appointment.id,
        settingId: setting?.id ?? '',
      })
      .returning();
    expect(await rowOf(appointment.id)).toMatchObject({ hasUndoneTasks: true, hasSignedDocuments: false });
    await db
      .update(tasks)
      .set({ status: 'DONE' })
      .where(eq(tasks.id, task?.id ?? ''));
    expect(await rowOf(appointment.id)).toMatchObject({ hasUndoneTasks: false, hasSignedDocuments: true });
    const booked = await appointmentAt(14);
    expect(await rowOf(booked.id)).toBeDefined();
    await db
      .update(appointments)
      .set({
        startAt: TEN.set({ hour: 17 }).toJSDate(),
        finishAt: TEN.set({ hour: 17, minute: 30 }).toJSDate(),
      })
      .where(eq(appointments.id, booked.id));
    expect((await rowOf(booked.id))?.appointmentStartAt).toMatch(/T17:00:00/);

    // The cancel through the schedule's own route: the appointment leaves the day.
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/appointments/${booked.id}`,
      headers: bearer(staff),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect(await rowOf(booked.id)).toBeUndefined();
  });

  it('another app instance on the same database sees each change in its next read', async () => {
    const second = await buildApp({ context: t.context, logger: false, webDist: '/nonexistent-web-dist' });
    await second.ready();
    try {
      const appointment = await appointmentAt(12, 30);
      expect((await rowOf(appointment.id, t.app))?.patientStatus).toBeNull();
      expect((await rowOf(appointment.id, second))?.patientStatus).toBeNull();
      expect((await setPatientStatus(second, appointment.id, 'called-in')).statusCode).toBe(200);
      expect((await rowOf(appointment.id, t.app))?.patientStatus).toBe('called-in');
      expect((await setPatientStatus(t.app, appointment.id, 'in-office')).statusCode).toBe(200);
      expect((await rowOf(appointment.id, second))?.patientStatus).toBe('in-office');
    } finally {
      await second.close();
    }
  });

  it('records a read served from the cache in the audit trail, one event per patient shown', async () => {
    const reads = async () => {
      const [row] = await t.context.db
        .select({ n: count() })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.patientId, patient.id),
            eq(auditEvents.resourceType, 'appointments'),
            eq(auditEvents.action, 'read'),
          ),
        );
      return row?.n ?? 0;
    };
    await schedule();
    const before = await reads();
    await schedule();
    await schedule();
    expect(await reads()).toBe(before + 2);
  });

  it('changes the flags that depend on the time without a write: a start passes, a video room opens', async () => {
    const office = await appointmentAt(11);
    const video = await appointmentAt(11, 30, 'video_call');
    expect(await rowOf(office.id)).toMatchObject({ isCancellable: true });
    expect(await rowOf(video.id)).toMatchObject({ isCancellable: true, allowVideoCall: false });
    // Last in this file: the clock is not moved back (tokens issued later would not be valid yet).
    await later(61); // 11:01
    expect(await rowOf(office.id)).toMatchObject({ isCancellable: false });
    expect(await rowOf(video.id)).toMatchObject({ isCancellable: true, allowVideoCall: false });
    await later(15); // 11:16, the video room opens at 11:15
    expect(await rowOf(video.id)).toMatchObject({ isCancellable: true, allowVideoCall: true });
  });
});
