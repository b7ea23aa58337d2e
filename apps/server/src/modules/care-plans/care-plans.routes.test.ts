import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import {
  GOAL_TARGET_MISSING_TEXT,
  carePlanListSchema,
  carePlanSchema,
  intellimapSchema,
  monitoringDeviceListSchema,
  type CarePlan,
} from '@app/contracts/care-plans';
import { carePlans } from '../../db/schema/vitals.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../patients/patients-test-helpers.ts';

describe('patient health tab: care plans, devices, Intellimap (issue 6 item 9, spec 3 §2)', () => {
  let t: TestApp;
  let smith: TestProvider;
  let limited: TestProvider;
  let stranger: TestProvider;
  let jane: { id: string; token: string };
  let mark: { id: string };
  let plan: CarePlan;
  const inAMonth = DateTime.now().plus({ months: 1 }).toISODate();
  const lastWeek = DateTime.now().minus({ weeks: 1 }).toISODate();

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    smith = await providerWithClinic(t, ['PATIENT', 'REMOTE_PATIENT_MONITORING']);
    stranger = await providerWithClinic(t, ['PATIENT', 'REMOTE_PATIENT_MONITORING']);
    limited = await providerWithClinic(t, ['PATIENT', 'APPOINTMENTS']);
    const janeUser = await patientAt(t, [smith.clinicId, limited.clinicId]);
    mark = await patientAt(t, [stranger.clinicId]);
    jane = { id: janeUser.id, token: (await loginTokens(t.app, janeUser.username)).access_token };
    for (const pulse of [70, 130]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/vitals/values',
        headers: bearer(jane.token),
        payload: { values: { pulse } },
      });
    }
  });
  afterAll(() => t.close());

  const url = (clinicId: string, patientId: string, rest: string) =>
    `/api/provider/clinics/${clinicId}/patients/${patientId}/${rest}`;

  it('creates, lists and edits a care plan with goals', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: url(smith.clinicId, jane.id, 'care-plans'),
      headers: bearer(smith.token),
      payload: {
        title: 'Hypertension',
        goals: [
          { key: 'pulse', targetMin: 50, targetMax: 100, dueDate: inAMonth },
          { key: 'weight', targetMax: 140, dueDate: lastWeek },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    plan = carePlanSchema.parse(created.json());
    expect(plan.goals).toHaveLength(2);
    expect(plan.notes).toBe('');

    const edited = await t.app.inject({
      method: 'PUT',
      url: url(smith.clinicId, jane.id, `care-plans/${plan.id}`),
      headers: bearer(smith.token),
      payload: {
        title: 'Blood pressure and weight',
        notes: 'Measure every morning.',
        goals: [
          { key: 'pulse', targetMin: 50, targetMax: 100, dueDate: inAMonth },
          { key: 'weight', targetMax: 140, dueDate: lastWeek },
          { key: 'pain', targetMax: 3, dueDate: inAMonth },
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(carePlanSchema.parse(edited.json())).toMatchObject({
      title: 'Blood pressure and weight',
      goals: [{ key: 'pulse' }, { key: 'weight' }, { key: 'pain' }],
    });
    const list = await t.app.inject({
      url: url(smith.clinicId, jane.id, 'care-plans'),
      headers: bearer(smith.token),
    });
    expect(carePlanListSchema.parse(list.json()).carePlans).toHaveLength(1);
  });

  it('lets the patient read their own care plans', async () => {
    const own = await t.app.inject({ url: '/api/care-plans', headers: bearer(jane.token) });
    expect(own.statusCode).toBe(200);
    expect(carePlanListSchema.parse(own.json()).carePlans.map((entry) => entry.id)).toEqual([plan.id]);
  });

  it('computes Intellimap alerts from readings outside a goal, and goal tasks', async () => {
    const response = await t.app.inject({
      url: url(smith.clinicId, jane.id, 'intellimap'),
      headers: bearer(smith.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const map = intellimapSchema.parse(response.json());
    expect(map.alerts).toEqual([expect.objectContaining({ key: 'pulse', value: 130, targetMax: 100 })]);
    expect(map.tasks.map((task) => [task.key, task.status])).toEqual([
      ['weight', 'overdue'],
      ['pulse', 'open'],
      ['pain', 'open'],
    ]);
  });

  it('orders and connects monitoring devices', async () => {
    for (const payload of [
      { kind: 'blood_pressure_monitor', action: 'order' },
      { kind: 'scale', action: 'connect', serialNumber: 'SC-1' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: url(smith.clinicId, jane.id, 'monitoring-devices'),
        headers: bearer(smith.token),
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const list = await t.app.inject({
      url: url(smith.clinicId, jane.id, 'monitoring-devices'),
      headers: bearer(smith.token),
    });
    const statuses = monitoringDeviceListSchema.parse(list.json()).devices.map((device) => device.status);
    expect(statuses.sort()).toEqual(['connected', 'ordered']);
  });

  it('refuses bad care plans and device requests with 400, writing nothing', async () => {
    const before = (await t.context.db.select().from(carePlans)).length;
    const cases: [unknown, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ title: 'A', goals: [{ key: 'pulse', dueDate: inAMonth }] }, GOAL_TARGET_MISSING_TEXT],
      [
        { title: 'A', goals: [{ key: 'pulse', targetMin: 100, targetMax: 50, dueDate: inAMonth }] },
        'targetMax',
      ],
      [{ title: 'A', goals: [{ key: 'pain', targetMax: 12, dueDate: inAMonth }] }, 'targetMax'],
      [{ title: 'A', goals: [{ key: 'nope', targetMax: 1, dueDate: inAMonth }] }, 'key'],
      [{ title: 'A', goals: [{ key: 'pulse', targetMax: 90, dueDate: 'soon' }] }, 'dueDate'],
    ];
    for (const [payload, expected] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: url(smith.clinicId, jane.id, 'care-plans'),
        headers: bearer(smith.token),
        payload: payload as Record<string, unknown>,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toContain(expected);
    }
    const device = await t.app.inject({
      method: 'POST',
      url: url(smith.clinicId, jane.id, 'monitoring-devices'),
      headers: bearer(smith.token),
      payload: { kind: 'toaster', action: 'order' },
    });
    expect(device.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PUT',
      url: url(smith.clinicId, jane.id, `care-plans/${crypto.randomUUID()}`),
      headers: bearer(smith.token),
      payload: { title: 'A' },
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.context.db.select().from(carePlans)).length).toBe(before);
  });

  it('refuses another clinic (404), its patients (404), no permission (403), patients (403)', async () => {
    for (const rest of ['care-plans', 'monitoring-devices', 'intellimap']) {
      const foreign = await t.app.inject({
        url: url(smith.clinicId, jane.id, rest),
        headers: bearer(stranger.token),
      });
      expect(foreign.statusCode, rest).toBe(404);
      const otherPatient = await t.app.inject({
        url: url(smith.clinicId, mark.id, rest),
        headers: bearer(smith.token),
      });
      expect(otherPatient.statusCode, rest).toBe(404);
      const noPermission = await t.app.inject({
        url: url(limited.clinicId, jane.id, rest),
        headers: bearer(limited.token),
      });
      expect(noPermission.statusCode, rest).toBe(403);
      const patient = await t.app.inject({
        url: url(smith.clinicId, jane.id, rest),
        headers: bearer(jane.token),
      });
      expect(patient.statusCode, rest).toBe(403);
    }
    const foreignEdit = await t.app.inject({
      method: 'PUT',
      url: url(stranger.clinicId, mark.id, `care-plans/${plan.id}`),
      headers: bearer(stranger.token),
      payload: { title: 'Taken over' },
    });
    expect(foreignEdit.statusCode).toBe(404);
    const providerOwn = await t.app.inject({ url: '/api/care-plans', headers: bearer(smith.token) });
    expect(providerOwn.statusCode).toBe(403);
  });
});
