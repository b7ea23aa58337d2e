import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TASK_DONE_BY_FLOW_TEXT,
  TASK_NOT_REOPENABLE_TEXT,
  checkInEntryListSchema,
  checkInTaskListSchema,
  type CheckInTask,
} from '@app/contracts/check-in';
import { checkInEvents, checkIns, taskSettings } from '../../db/schema/check-in.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { completeTaskByFlow, nextTaskStatus } from './check-in.service.ts';

describe('check-in tasks (spec 2 §3 Check-in task, §4 check-in tasks, §7 mark task)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let jane: { id: string; token: string };
  let mark: { id: string; token: string };
  let provider: { token: string };
  let otherProvider: { token: string };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const at = (days: number, hour: number) =>
    DateTime.now().setZone('America/New_York').startOf('day').plus({ days }).set({ hour }).toJSDate();

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    const otherWorld = await createSchedulingWorld(t.context.db);
    const janeUser = await createClinicPatient(t.context.db, world.clinicId);
    const markUser = await createClinicPatient(t.context.db, world.clinicId);
    jane = { id: janeUser.id, token: (await loginTokens(t.app, janeUser.username)).access_token };
    mark = { id: markUser.id, token: (await loginTokens(t.app, markUser.username)).access_token };
    provider = { token: (await loginTokens(t.app, world.provider.username)).access_token };
    otherProvider = { token: (await loginTokens(t.app, otherWorld.provider.username)).access_token };
    await t.context.db.insert(taskSettings).values([
      { clinicId: world.clinicId, title: 'Intake form', actionType: 'questionnaire', order: 1 },
      { clinicId: world.clinicId, title: 'Bring your ID', actionType: 'regular', order: 2 },
      {
        clinicId: world.clinicId,
        title: 'Your details',
        actionType: 'demographics',
        valueType: 'DEMOGRAPHICS',
        order: 3,
      },
      // Only for the video type: not in an office visit's list.
      {
        clinicId: world.clinicId,
        title: 'Camera check',
        actionType: 'regular',
        isVideo: true,
        consultationTypeId: world.videoTypeId,
        order: 4,
      },
      // Spanish speakers only.
      { clinicId: world.clinicId, title: 'Formulario', actionType: 'regular', language: 'es', order: 5 },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  async function tasksOf(token: string, appointmentId: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/check-in/appointments/${appointmentId}/tasks`,
      headers: auth(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return checkInTaskListSchema.parse(response.json());
  }
  function mark_(token: string, appointmentId: string, task: CheckInTask, status: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/check-in/appointments/${appointmentId}/tasks/${task.taskId}/status`,
      headers: auth(token),
      payload: { status, payload: { settingId: task.settingId, listAttachmentId: [] } },
    });
  }

  it('creates the tasks of an appointment from the settings that apply, once', async () => {
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(2, 9),
    });
    const first = await tasksOf(jane.token, appointment.id);
    expect(first.map((task) => task.title)).toEqual(['Intake form', 'Bring your ID', 'Your details']);
    expect(first.every((task) => task.status === 'NEW' && !task.isDone)).toBe(true);
    expect(first[0]?.source.appointment?.id).toBe(appointment.id);
    const again = await tasksOf(jane.token, appointment.id);
    expect(again.map((task) => task.taskId)).toEqual(first.map((task) => task.taskId));
    // A provider of the clinic reads the same list (self check-in on the clinic's kiosk).
    expect((await tasksOf(provider.token, appointment.id)).length).toBe(3);
  });

  it('moves NEW -> ACCESSED -> DONE, accepts lower case, and keeps a done task done', async () => {
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(2, 10),
    });
    const [, regular, demographics] = await tasksOf(jane.token, appointment.id);
    if (!regular || !demographics) {
      throw new Error('tasks missing');
    }
    const accessed = await mark_(jane.token, appointment.id, regular, 'accessed');
    expect(accessed.json()).toMatchObject({ status: 'ACCESSED', isDone: false });
    const done = await mark_(jane.token, appointment.id, regular, 'DONE');
    expect(done.json()).toMatchObject({ status: 'DONE', isDone: true });
    // A regular task may be opened again; it stays done.
    expect((await mark_(jane.token, appointment.id, regular, 'ACCESSED')).json()).toMatchObject({
      status: 'DONE',
    });
    // A done demographics task is not reopened.
    await mark_(jane.token, appointment.id, demographics, 'DONE');
    const reopen = await mark_(jane.token, appointment.id, demographics, 'ACCESSED');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({ message: TASK_NOT_REOPENABLE_TEXT });
  });

  it('refuses DONE for a questionnaire task: its own flow completes it', async () => {
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(2, 11),
    });
    const [questionnaire] = await tasksOf(jane.token, appointment.id);
    if (!questionnaire) {
      throw new Error('task missing');
    }
    const refused = await mark_(jane.token, appointment.id, questionnaire, 'DONE');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: TASK_DONE_BY_FLOW_TEXT });
    const completed = await completeTaskByFlow(
      t.context.db,
      { taskId: questionnaire.taskId, patientUserId: jane.id },
      new Date(),
    );
    expect(completed.status).toBe('DONE');
  });

  it('finishes the check-in only when every non-video task of every listed appointment is done', async () => {
    const office = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(3, 9),
    });
    const video = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(3, 10),
      consultationTypeId: world.videoTypeId,
      type: 'video_call',
    });
    const finish = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/check-in/finish',
        headers: auth(jane.token),
        payload: { appointmentIds: [office.id, video.id] },
      });
    const early = (await finish()).json<{ finished: boolean; remainingTaskIds: string[] }>();
    expect(early.finished).toBe(false);
    expect(early.remainingTaskIds.length).toBe(6);

    for (const appointment of [office, video]) {
      for (const task of await tasksOf(jane.token, appointment.id)) {
        if (task.isVideo) {
          continue;
        }
        if (task.actions[0]?.type === 'questionnaire') {
          await completeTaskByFlow(t.context.db, { taskId: task.taskId, patientUserId: jane.id }, new Date());
        } else {
          await mark_(jane.token, appointment.id, task, 'DONE');
        }
      }
    }
    const done = (await finish()).json<{ finished: boolean }>();
    expect(done.finished).toBe(true);
    const rows = await t.context.db.select().from(checkIns).where(eq(checkIns.appointmentId, video.id));
    expect(rows[0]?.finishedAt).not.toBeNull();
  });

  it('groups appointments of one department and one day into one check-in entry', async () => {
    const first = await insertAppointment(t.context.db, world, { patientUserId: mark.id, startAt: at(4, 9) });
    const second = await insertAppointment(t.context.db, world, {
      patientUserId: mark.id,
      startAt: at(4, 14),
    });
    const nextDay = await insertAppointment(t.context.db, world, {
      patientUserId: mark.id,
      startAt: at(5, 9),
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/check-in/entries',
      headers: auth(mark.token),
    });
    const entries = checkInEntryListSchema.parse(response.json());
    expect(entries.map((entry) => entry.appointmentIds)).toEqual([[first.id, second.id], [nextDay.id]]);
    expect(entries.every((entry) => entry.flow === 'new' && !entry.isFinished)).toBe(true);
    // The department's zone travels with the entry, so the start can say "10:00 AM EST" (issue 18).
    expect(entries.map((entry) => entry.timezone)).toEqual(['America/New_York', 'America/New_York']);
  });

  it("answers 404 for another patient's appointment or task, and for a provider of another clinic", async () => {
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(6, 9),
    });
    const [task] = await tasksOf(jane.token, appointment.id);
    if (!task) {
      throw new Error('task missing');
    }
    for (const token of [mark.token, otherProvider.token]) {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/check-in/appointments/${appointment.id}/tasks`,
        headers: auth(token),
      });
      expect(list.statusCode).toBe(404);
      expect((await mark_(token, appointment.id, task, 'ACCESSED')).statusCode).toBe(404);
    }
    // A task id under an appointment it does not belong to is not found either.
    const markAppointment = await insertAppointment(t.context.db, world, {
      patientUserId: mark.id,
      startAt: at(6, 10),
    });
    expect((await mark_(mark.token, markAppointment.id, task, 'ACCESSED')).statusCode).toBe(404);
    expect((await tasksOf(jane.token, appointment.id))[0]?.status).toBe('NEW');
  });

  it('rejects bad input with a 4xx message and records check-in statistics', async () => {
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(7, 9),
    });
    const [task] = await tasksOf(jane.token, appointment.id);
    if (!task) {
      throw new Error('task missing');
    }
    const badStatus = await mark_(jane.token, appointment.id, task, 'FINISHED');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json<{ message: string }>().message).toBeTruthy();
    const badId = await t.app.inject({
      method: 'GET',
      url: '/api/check-in/appointments/not-a-uuid/tasks',
      headers: auth(jane.token),
    });
    expect(badId.statusCode).toBe(400);
    const statistic = await t.app.inject({
      method: 'POST',
      url: '/api/statistic/appointment/check-in',
      headers: auth(jane.token),
      payload: { appointmentId: appointment.id, status: 'session_expired' },
    });
    expect(statistic.statusCode).toBe(204);
    const events = await t.context.db
      .select()
      .from(checkInEvents)
      .where(eq(checkInEvents.appointmentId, appointment.id));
    expect(events.map((event) => event.status)).toEqual(['session_expired']);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/statistic/appointment/check-in',
      headers: auth(jane.token),
      payload: { appointmentId: appointment.id, status: 'anything' },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('nextTaskStatus (spec 2 §4 transitions)', () => {
  const rules = { doneByOwnFlow: false, reopenable: true, byOwnFlow: false };
  it('never goes back to NEW and lets only regular and vital tasks reopen', () => {
    expect(nextTaskStatus('ACCESSED', 'NEW', rules)).toEqual({ ok: true, status: 'ACCESSED' });
    expect(nextTaskStatus('DONE', 'ACCESSED', rules)).toEqual({ ok: true, status: 'DONE' });
    expect(nextTaskStatus('DONE', 'ACCESSED', { ...rules, reopenable: false }).ok).toBe(false);
    expect(nextTaskStatus('NEW', 'DONE', { ...rules, doneByOwnFlow: true }).ok).toBe(false);
    expect(nextTaskStatus('NEW', 'DONE', { ...rules, doneByOwnFlow: true, byOwnFlow: true })).toEqual({
      ok: true,
      status: 'DONE',
    });
  });
});
