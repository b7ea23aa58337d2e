import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInTaskListSchema } from '@app/contracts/check-in';
import { fixtureCheckInWorldResponseSchema } from '@app/contracts/check-in-fixtures';
import { taskQuestionnaireSchema } from '@app/contracts/questionnaires';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, TEST_PASSWORD } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';

// The check-in world of the issue 5 e2e specs: typed tasks with what their pages need, and an existing
// patient (the demo's jane.patient) instead of a new one.

describe('check-in fixture world (development only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates typed tasks, in order, for an existing patient who joins the clinic', async () => {
    const patient = await createTestUser(t.context.db, { memberType: 'patient' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/fixtures/check-in/world',
      payload: {
        name: 'typed',
        password: TEST_PASSWORD,
        patientUsername: patient.username,
        copayCents: 1500,
        tasks: [
          { title: 'Health questionnaire', actionType: 'questionnaire' },
          { title: 'Confirm your details', actionType: 'demographics' },
          { title: 'Insurance card', actionType: 'insurance_card' },
          { title: 'Sign the consent form', actionType: 'sign_document' },
          { title: 'Copay', actionType: 'copay' },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    const world = fixtureCheckInWorldResponseSchema.parse(response.json());
    expect(world.patient.userId).toBe(patient.id);
    expect(world.patient.username).toBe(patient.username);

    const token = (await loginTokens(t.app, patient.username)).access_token;
    const headers = { authorization: `Bearer ${token}` };
    const tasks = checkInTaskListSchema.parse(
      (
        await t.app.inject({
          url: `/api/check-in/appointments/${world.appointmentIds[0] ?? ''}/tasks`,
          headers,
        })
      ).json(),
    );
    expect(tasks.map((task) => [task.actions[0]?.type, task.valueType])).toEqual([
      ['questionnaire', 'REGULAR'],
      ['demographics', 'DEMOGRAPHICS'],
      ['insurance_card', 'INSURANCE_CARD'],
      ['sign_document', 'REGULAR'],
      ['copay', 'REGULAR'],
    ]);
    expect(tasks[4]?.config).toMatchObject({ amountCents: 1500 });
    // The questionnaire task opens the demo intake form.
    const questionnaire = await t.app.inject({
      url: `/api/questionnaires/tasks/${tasks[0]?.taskId ?? ''}`,
      headers,
    });
    expect(questionnaire.statusCode).toBe(200);
    expect(taskQuestionnaireSchema.parse(questionnaire.json()).forms[0]?.title).toBe('Health history');
  });

  it('refuses an unknown patient or a provider as the patient (404), creating nothing half-way', async () => {
    const doctor = await createTestUser(t.context.db, { memberType: 'doctor' });
    for (const patientUsername of ['nobody.here', doctor.username]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/dev/fixtures/check-in/world',
        payload: { name: 'missing', password: TEST_PASSWORD, patientUsername },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'No patient with this username.' });
    }
  });
});
