import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInTaskListSchema } from '@app/contracts/check-in';
import {
  patientQuestionnaireResponseListSchema,
  taskQuestionnaireSchema,
  type Answer,
  type Form,
} from '@app/contracts/questionnaires';
import { taskSettings } from '../../db/schema/check-in.ts';
import { questionnaireForms, questionnaireResponses } from '../../db/schema/questionnaires.ts';
import { HEALTH_HISTORY_FORM } from '../../seed/seed-demo-questionnaires.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';

const MEDICATIONS_FORM: Omit<Form, 'formId'> = {
  title: 'Medications',
  description: null,
  groupList: [
    {
      id: 'meds',
      title: 'Medications',
      order: 1,
      questionList: [
        {
          id: 'meds',
          text: 'Which medications do you take?',
          isExcluded: false,
          isDeleted: false,
          fieldList: [
            {
              fieldId: 'meds-list',
              label: 'Medications',
              type: 'text',
              typeView: null,
              answer: null,
              required: false,
              invalid: false,
              multi: false,
              variantList: [],
            },
          ],
        },
      ],
    },
  ],
};

const VALID: Record<string, Answer> = {
  symptoms: ['symptoms-cough'],
  'pain-scale': 0,
  smoking: ['smoking-never'],
  // Excluded by 'Never smoked': cleared by the server.
  'packs-per-day': 3,
  allergies: ['allergy-other'],
  'allergy-other-text': 'Bee stings',
  'last-visit': { year: 2025, month: 3, day: 14 },
};

describe('questionnaires (spec 2 §3 Questionnaire, §4 progress, §5 rules)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let jane: { id: string; token: string };
  let mark: { token: string };
  let provider: { token: string };
  let otherProvider: { token: string };
  let formIds: string[];
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
    mark = { token: (await loginTokens(t.app, markUser.username)).access_token };
    provider = { token: (await loginTokens(t.app, world.provider.username)).access_token };
    otherProvider = { token: (await loginTokens(t.app, otherWorld.provider.username)).access_token };
    const forms = await t.context.db
      .insert(questionnaireForms)
      .values([
        { clinicId: world.clinicId, title: HEALTH_HISTORY_FORM.title, definition: HEALTH_HISTORY_FORM },
        { clinicId: world.clinicId, title: MEDICATIONS_FORM.title, definition: MEDICATIONS_FORM },
      ])
      .returning({ id: questionnaireForms.id });
    formIds = forms.map((form) => form.id);
    await t.context.db.insert(taskSettings).values([
      {
        clinicId: world.clinicId,
        title: 'Intake form',
        actionType: 'questionnaire',
        order: 1,
        config: { formIds },
      },
      { clinicId: world.clinicId, title: 'Bring your ID', actionType: 'regular', order: 2 },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  async function questionnaireTask(hour: number) {
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: at(3, hour),
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/check-in/appointments/${appointment.id}/tasks`,
      headers: auth(jane.token),
    });
    const task = checkInTaskListSchema.parse(response.json()).find((entry) => entry.title === 'Intake form');
    if (!task) {
      throw new Error('questionnaire task missing');
    }
    return { appointment, task };
  }
  const getForms = (token: string, taskId: string) =>
    t.app.inject({ method: 'GET', url: `/api/questionnaires/tasks/${taskId}`, headers: auth(token) });
  const save = (token: string, taskId: string, formId: string, answers: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/questionnaires/tasks/${taskId}/forms/${formId}`,
      headers: auth(token),
      payload: { answers },
    });

  it('gives the task’s forms in order to its patient and to a provider of the clinic', async () => {
    const { task, appointment } = await questionnaireTask(9);
    const response = await getForms(jane.token, task.taskId);
    expect(response.statusCode, response.body).toBe(200);
    const body = taskQuestionnaireSchema.parse(response.json());
    expect(body.forms.map((form) => form.title)).toEqual(['Health history', 'Medications']);
    expect(body).toMatchObject({ appointmentId: appointment.id, isDone: false, savedFormIds: [] });
    expect((await getForms(provider.token, task.taskId)).statusCode).toBe(200);
  });

  it('refuses invalid answers with 400 and the fields, writing nothing', async () => {
    const { task } = await questionnaireTask(10);
    const [healthId = ''] = formIds;
    const missing = await save(jane.token, task.taskId, healthId, { ...VALID, allergies: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'questionnaire_invalid',
      errors: [{ field: 'allergies', detail: 'Allergies: This field is required.' }],
    });
    const range = await save(jane.token, task.taskId, healthId, { ...VALID, 'pain-scale': 11 });
    expect(range.json()).toMatchObject({
      errors: [
        {
          field: 'pain-scale',
          detail: 'Pain scale (0 = no pain, 10 = worst pain): Enter a number from 0 to 10.',
        },
      ],
    });
    // The conditional field of a chosen variant is required too.
    const conditional = await save(jane.token, task.taskId, healthId, {
      ...VALID,
      'allergy-other-text': '  ',
    });
    expect(conditional.json()).toMatchObject({ errors: [{ field: 'allergy-other-text' }] });
    // A calendar date needs year, month and day.
    const date = await save(jane.token, task.taskId, healthId, {
      ...VALID,
      'last-visit': { year: 2025, month: 3 },
    });
    expect(date.json()).toMatchObject({ errors: [{ field: 'last-visit' }] });
    const unknownVariant = await save(jane.token, task.taskId, healthId, {
      ...VALID,
      smoking: ['smoking-sometimes'],
    });
    expect(unknownVariant.statusCode).toBe(400);
    const twoOnRadio = await save(jane.token, task.taskId, healthId, {
      ...VALID,
      smoking: ['smoking-former', 'smoking-current'],
    });
    expect(twoOnRadio.statusCode).toBe(400);
    const badShape = await save(jane.token, task.taskId, healthId, 'everything fine');
    expect(badShape.statusCode).toBe(400);
    const rows = await t.context.db
      .select()
      .from(questionnaireResponses)
      .where(eq(questionnaireResponses.taskId, task.taskId));
    expect(rows).toEqual([]);
  });

  it('saves each form, clears excluded answers, and completes the task after the last form', async () => {
    const { task, appointment } = await questionnaireTask(11);
    const [healthId = '', medsId = ''] = formIds;
    const first = await save(jane.token, task.taskId, healthId, VALID);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ formId: healthId, taskDone: false, remainingFormIds: [medsId] });
    const [row] = await t.context.db
      .select()
      .from(questionnaireResponses)
      .where(eq(questionnaireResponses.taskId, task.taskId));
    // 'Never smoked' excludes the packs-per-day question: its answer is not kept.
    expect(row?.answers).toEqual({
      symptoms: ['symptoms-cough'],
      'pain-scale': 0,
      'symptoms-since': null,
      smoking: ['smoking-never'],
      allergies: ['allergy-other'],
      'allergy-other-text': 'Bee stings',
      'last-visit': { year: 2025, month: 3, day: 14 },
    });
    // Saved answers come back in the form, with the exclusion applied.
    const reread = taskQuestionnaireSchema.parse((await getForms(jane.token, task.taskId)).json());
    expect(reread.savedFormIds).toEqual([healthId]);
    const packs = reread.forms[0]?.groupList.find((group) => group.id === 'habits')?.questionList[1];
    expect(packs).toMatchObject({ id: 'packs', isExcluded: true });

    // Self check-in: the clinic's kiosk saves under the provider's session (spec 2 §2 /provider/patient/task).
    const last = await save(provider.token, task.taskId, medsId, {});
    expect(last.json()).toMatchObject({ taskDone: true, remainingFormIds: [] });
    const tasks = checkInTaskListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/check-in/appointments/${appointment.id}/tasks`,
          headers: auth(jane.token),
        })
      ).json(),
    );
    expect(tasks.find((entry) => entry.taskId === task.taskId)).toMatchObject({
      status: 'DONE',
      isDone: true,
    });
  });

  it('answers 404 to another patient and to a provider of another clinic', async () => {
    const { task } = await questionnaireTask(12);
    const [healthId = ''] = formIds;
    expect((await getForms(mark.token, task.taskId)).statusCode).toBe(404);
    expect((await save(mark.token, task.taskId, healthId, VALID)).statusCode).toBe(404);
    expect((await getForms(otherProvider.token, task.taskId)).statusCode).toBe(404);
    // A form that is not the task's.
    expect((await save(jane.token, task.taskId, crypto.randomUUID(), VALID)).statusCode).toBe(404);
  });

  it('lets a provider of the clinic read the patient’s saved questionnaires', async () => {
    const { task } = await questionnaireTask(13);
    const [healthId = ''] = formIds;
    expect((await save(jane.token, task.taskId, healthId, VALID)).statusCode).toBe(200);
    const url = `/api/questionnaires/patients/${jane.id}/responses`;
    const response = await t.app.inject({ method: 'GET', url, headers: auth(provider.token) });
    expect(response.statusCode, response.body).toBe(200);
    const list = patientQuestionnaireResponseListSchema.parse(response.json());
    const mine = list.find((entry) => entry.taskId === task.taskId);
    expect(mine).toMatchObject({ taskTitle: 'Intake form', form: { title: 'Health history' } });
    expect((await t.app.inject({ method: 'GET', url, headers: auth(otherProvider.token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url, headers: auth(mark.token) })).statusCode).toBe(403);
  });
});
