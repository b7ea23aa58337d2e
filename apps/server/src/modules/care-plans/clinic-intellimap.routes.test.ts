import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import { clinicIntellimapSchema } from '@app/contracts/care-plans';
import { users } from '../../db/schema/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../patients/patients-test-helpers.ts';

// Issue 17 item 6 (decision 0045): GET /api/provider/clinics/:clinicId/intellimap, the clinic-wide
// board behind /provider/intellimap — REMOTE_PATIENT_MONITORING, members of the clinic only.

describe('clinic Intellimap board (issue 17 item 6, spec 3 §2 intellimap)', () => {
  let t: TestApp;
  let smith: TestProvider;
  let colleague: TestProvider;
  let stranger: TestProvider;
  let jane: { id: string; token: string };
  let ann: { id: string };
  let mark: { id: string };
  const inAMonth = DateTime.now().plus({ months: 1 }).toISODate();
  const lastWeek = DateTime.now().minus({ weeks: 1 }).toISODate();
  const board = (clinicId: string, query = '') => `/api/provider/clinics/${clinicId}/intellimap${query}`;

  async function plan(provider: TestProvider, patientId: string, title: string, goals: unknown[]) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${provider.clinicId}/patients/${patientId}/care-plans`,
      headers: bearer(provider.token),
      payload: { title, goals },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function patientNamed(clinicId: string, firstName: string, lastName: string) {
    const user = await patientAt(t, [clinicId]);
    await t.context.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
    return user;
  }

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    // Writing a care plan needs PATIENT as well (a patient tab, decision 0048); the board needs only RPM.
    smith = await providerWithClinic(t, ['REMOTE_PATIENT_MONITORING', 'PATIENT']);
    stranger = await providerWithClinic(t, ['REMOTE_PATIENT_MONITORING', 'PATIENT']);
    colleague = await providerWithClinic(t, ['PATIENT', 'APPOINTMENTS', 'MESSAGE', 'FLOWS']);
    const janeUser = await patientNamed(smith.clinicId, 'Jane', 'Board');
    const annUser = await patientNamed(smith.clinicId, 'Ann', 'Aardvark');
    mark = await patientNamed(stranger.clinicId, 'Mark', 'Elsewhere');
    // A patient of the clinic without a care plan is not on the board.
    await patientNamed(smith.clinicId, 'Nora', 'Noplan');
    jane = { id: janeUser.id, token: (await loginTokens(t.app, janeUser.username)).access_token };
    ann = { id: annUser.id };
    for (const pulse of [72, 140]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/vitals/values',
        headers: bearer(jane.token),
        payload: { values: { pulse } },
      });
    }
    await plan(smith, jane.id, 'Heart', [
      { key: 'pulse', targetMin: 50, targetMax: 100, dueDate: inAMonth },
      { key: 'weight', targetMax: 140, dueDate: lastWeek },
    ]);
    await plan(smith, ann.id, 'Pain', [{ key: 'pain', targetMax: 3, dueDate: inAMonth }]);
    await plan(stranger, mark.id, 'Elsewhere', [{ key: 'pulse', targetMax: 60, dueDate: inAMonth }]);
  });
  afterAll(() => t.close());

  it("lists every patient's alerts and tasks of the clinic, each naming the patient", async () => {
    const response = await t.app.inject({ url: board(smith.clinicId), headers: bearer(smith.token) });
    expect(response.statusCode, response.body).toBe(200);
    const map = clinicIntellimapSchema.parse(response.json());
    expect(map.patientCount).toBe(2);
    expect(map.alerts).toEqual([
      expect.objectContaining({ patientId: jane.id, patientName: 'Jane Board', key: 'pulse', value: 140 }),
    ]);
    // By due date: Jane's overdue weight goal first, then the open goals of next month.
    expect(map.tasks.map((task) => [task.patientName, task.key, task.status])).toEqual([
      ['Jane Board', 'weight', 'overdue'],
      ['Ann Aardvark', 'pain', 'open'],
      ['Jane Board', 'pulse', 'open'],
    ]);
    // Another clinic's patients never appear.
    expect(JSON.stringify(map)).not.toContain(mark.id);
  });

  it('filters the tasks by status; a bad status is a 400', async () => {
    const overdue = await t.app.inject({
      url: board(smith.clinicId, '?status=overdue'),
      headers: bearer(smith.token),
    });
    expect(overdue.statusCode).toBe(200);
    const map = clinicIntellimapSchema.parse(overdue.json());
    expect(map.tasks.map((task) => task.key)).toEqual(['weight']);
    expect(map.alerts).toHaveLength(1);

    const bad = await t.app.inject({
      url: board(smith.clinicId, '?status=urgent'),
      headers: bearer(smith.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });
    expect(bad.body).toContain('status must be met, open or overdue');
  });

  it("answers the other clinic's own board without this clinic's patients", async () => {
    const response = await t.app.inject({ url: board(stranger.clinicId), headers: bearer(stranger.token) });
    expect(response.statusCode).toBe(200);
    const map = clinicIntellimapSchema.parse(response.json());
    expect(map.patientCount).toBe(1);
    expect(map.tasks.map((task) => task.patientId)).toEqual([mark.id]);
  });

  it('refuses another clinic (404), no REMOTE_PATIENT_MONITORING (403), patients (403), no token (401)', async () => {
    const foreign = await t.app.inject({ url: board(smith.clinicId), headers: bearer(stranger.token) });
    expect(foreign.statusCode).toBe(404);
    const noPermission = await t.app.inject({
      url: board(colleague.clinicId),
      headers: bearer(colleague.token),
    });
    expect(noPermission.statusCode).toBe(403);
    const patient = await t.app.inject({ url: board(smith.clinicId), headers: bearer(jane.token) });
    expect(patient.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: board(smith.clinicId) });
    expect(anonymous.statusCode).toBe(401);
    // A malformed clinic id is no clinic of the caller's: the access rule answers before the schema.
    const badId = await t.app.inject({ url: board('not-a-uuid'), headers: bearer(smith.token) });
    expect(badId.statusCode).toBe(404);
  });
});
