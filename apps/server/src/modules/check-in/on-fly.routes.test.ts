import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInTaskListSchema, TASK_DONE_BY_FLOW_TEXT } from '@app/contracts/check-in';
import { taskSettings, tasks } from '../../db/schema/check-in.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';

describe('on-the-fly tasks (spec 2 §4 On-the-fly tasks, §7 list / mark accessed / mark done by settingId)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let jane: { id: string; token: string };
  let mark: { id: string; token: string };
  let providerToken: string;
  let regularSettingId: string;
  let formSettingId: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const list = (token: string, clinic = world.clinicId) =>
    t.app.inject({ method: 'GET', url: `/api/on-fly-tasks?clinicUuid=${clinic}`, headers: auth(token) });
  const markTask = (token: string, settingId: string, status: 'accessed' | 'done') =>
    t.app.inject({ method: 'POST', url: `/api/on-fly-tasks/${settingId}/${status}`, headers: auth(token) });

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    const janeUser = await createClinicPatient(t.context.db, world.clinicId);
    const markUser = await createClinicPatient(t.context.db, world.clinicId);
    jane = { id: janeUser.id, token: (await loginTokens(t.app, janeUser.username)).access_token };
    mark = { id: markUser.id, token: (await loginTokens(t.app, markUser.username)).access_token };
    providerToken = (await loginTokens(t.app, world.provider.username)).access_token;
    const [regular, form, appointmentOnly] = await t.context.db
      .insert(taskSettings)
      .values([
        {
          clinicId: world.clinicId,
          title: 'Update your pharmacy',
          actionType: 'regular',
          isOnFly: true,
          order: 1,
        },
        {
          clinicId: world.clinicId,
          title: 'Mood survey',
          actionType: 'questionnaire',
          isOnFly: true,
          order: 2,
        },
        { clinicId: world.clinicId, title: 'Bring your ID', actionType: 'regular', order: 3 },
      ])
      .returning();
    regularSettingId = regular?.id ?? '';
    formSettingId = form?.id ?? '';
    await t.context.db.insert(tasks).values([
      { clinicId: world.clinicId, userId: jane.id, settingId: regularSettingId },
      { clinicId: world.clinicId, userId: jane.id, settingId: formSettingId },
    ]);
    expect(appointmentOnly).toBeDefined();
  });

  afterAll(async () => {
    await t.close();
  });

  it("lists the patient's own open on-the-fly tasks of the clinic, and nobody else's", async () => {
    const response = await list(jane.token);
    expect(response.statusCode).toBe(200);
    const body = checkInTaskListSchema.parse(response.json());
    expect(body.map((task) => task.title)).toEqual(['Update your pharmacy', 'Mood survey']);
    expect(body.every((task) => task.appointmentId === null && task.status === 'NEW')).toBe(true);
    expect((await list(mark.token)).json()).toEqual([]);
    expect((await list(providerToken)).json()).toEqual([]);
    expect((await list(jane.token, 'nope')).statusCode).toBe(400);
  });

  it('answers 404 when another patient marks a task that is not theirs', async () => {
    const response = await markTask(mark.token, regularSettingId, 'accessed');
    expect(response.statusCode).toBe(404);
    expect((await markTask(mark.token, regularSettingId, 'done')).statusCode).toBe(404);
    expect((await markTask(providerToken, regularSettingId, 'done')).statusCode).toBe(404);
    expect((await markTask(jane.token, 'not-a-uuid', 'done')).statusCode).toBe(400);
  });

  it('marks accessed, then done; a done task leaves the list', async () => {
    const accessed = await markTask(jane.token, regularSettingId, 'accessed');
    expect(accessed.statusCode).toBe(200);
    expect(accessed.json()).toMatchObject({ status: 'ACCESSED', isDone: false });
    const done = await markTask(jane.token, regularSettingId, 'done');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'DONE', isDone: true });
    const after = checkInTaskListSchema.parse((await list(jane.token)).json());
    expect(after.map((task) => task.title)).toEqual(['Mood survey']);
    // Done and gone: marking it again finds no open task.
    expect((await markTask(jane.token, regularSettingId, 'done')).statusCode).toBe(404);
  });

  it('refuses done for a questionnaire task: its own flow completes it', async () => {
    const response = await markTask(jane.token, formSettingId, 'done');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: TASK_DONE_BY_FLOW_TEXT });
  });
});
