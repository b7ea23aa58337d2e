import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { checkInTaskListSchema, type CheckInTask } from '@app/contracts/check-in';
import { BLOOD_PRESSURE_ORDER_TEXT, bmiOf } from '@app/contracts/vitals';
import { taskSettings } from '../../db/schema/check-in.ts';
import { vitalReadings } from '../../db/schema/vitals.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';

describe('vitals task (issue 5 item 10, spec 3 §9 vital keys)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let jane: { id: string; token: string };
  let mark: { token: string };
  let provider: { token: string };
  let vitalTask: CheckInTask;
  let regularTask: CheckInTask;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    const janeUser = await createClinicPatient(t.context.db, world.clinicId);
    const markUser = await createClinicPatient(t.context.db, world.clinicId);
    jane = { id: janeUser.id, token: (await loginTokens(t.app, janeUser.username)).access_token };
    mark = { token: (await loginTokens(t.app, markUser.username)).access_token };
    provider = { token: (await loginTokens(t.app, world.provider.username)).access_token };
    await t.context.db.insert(taskSettings).values([
      { clinicId: world.clinicId, title: 'Vitals', actionType: 'vital', valueType: 'VITAL', order: 1 },
      { clinicId: world.clinicId, title: 'Bring your ID', actionType: 'regular', order: 2 },
    ]);
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: DateTime.now().plus({ days: 1 }).startOf('hour').toJSDate(),
    });
    const list = await t.app.inject({
      url: `/api/check-in/appointments/${appointment.id}/tasks`,
      headers: auth(jane.token),
    });
    const tasks = checkInTaskListSchema.parse(list.json());
    [vitalTask, regularTask] = tasks as [CheckInTask, CheckInTask];
  });
  afterAll(async () => {
    await t.close();
  });

  const url = () => `/api/vitals/tasks/${vitalTask.taskId}`;

  it('stores a reading with its task and appointment, BMI computed by the server', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: auth(jane.token),
      payload: {
        pulse: 72,
        systolicBp: 120,
        diastolicBp: 80,
        temperature: 98.6,
        weight: 150,
        height: 65,
        oxygenSaturation: 98,
        pain: 0,
        bmi: 99,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      taskId: vitalTask.taskId,
      appointmentId: vitalTask.appointmentId,
      pain: 0,
      temperature: 98.6,
      bmi: bmiOf(150, 65),
    });
    expect(bmiOf(150, 65)).toBe(25);
    const read = await t.app.inject({ url: url(), headers: auth(provider.token) });
    expect(read.json()).toMatchObject({ reading: { pulse: 72, bmi: 25 } });
  });

  it('refuses values out of range, half a blood pressure and an empty entry, writing nothing', async () => {
    const before = (await t.context.db.select().from(vitalReadings)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ pulse: 300 }, 'pulse'],
      [{ pain: 11 }, 'pain'],
      [{ pain: 2.5 }, 'pain'],
      [{ oxygenSaturation: 101 }, 'oxygenSaturation'],
      [{ temperature: 120 }, 'temperature'],
      [{ systolicBp: 120 }, 'diastolicBp'],
      [{ systolicBp: 80, diastolicBp: 90 }, 'diastolicBp'],
      [{ weight: '150' }, 'weight'],
      [{}, ''],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'POST', url: url(), headers: auth(jane.token), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = response
        .json<{ errors: { field?: string }[] }>()
        .errors.map((error) => error.field ?? '');
      expect(fields, JSON.stringify(payload)).toContain(field);
    }
    const order = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: auth(jane.token),
      payload: { systolicBp: 80, diastolicBp: 90 },
    });
    expect(order.json()).toMatchObject({ message: BLOOD_PRESSURE_ORDER_TEXT });
    expect((await t.context.db.select().from(vitalReadings)).length).toBe(before);
  });

  it('404s another patient and a task that is not a vitals task', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: auth(mark.token),
      payload: { pulse: 70 },
    });
    expect(other.statusCode).toBe(404);
    const read = await t.app.inject({ url: url(), headers: auth(mark.token) });
    expect(read.statusCode).toBe(404);
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: `/api/vitals/tasks/${regularTask.taskId}`,
      headers: auth(jane.token),
      payload: { pulse: 70 },
    });
    expect(wrongKind.statusCode).toBe(404);
  });
});
