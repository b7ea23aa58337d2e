import { expect, test } from '../fixtures/test.ts';
import { waitForDraftWith } from '../fixtures/form-drafts.ts';
import { DEMO } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';
import { createAppointment, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { apiToken } from '../fixtures/appointments-api.ts';

// spec 2 §2 questionnaire routes and form route, §3 Questionnaire (local store 'mobile-db'), §4
// Questionnaire progress, §5 questionnaire rules; the demo clinic's Health history form (decision 0020).

const PASSWORD = 'Patient#Pass2026';

test('a patient answers the intake questionnaire with an exclusion, survives a reload, finishes; the provider reads it', async ({
  page,
  request,
}) => {
  const username = uniqueName('quest.patient');
  const patient = await createUser(request, {
    username,
    password: PASSWORD,
    firstName: 'Quinn',
    lastName: 'Patient',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  const appointment = await createAppointment(request, { userId: patient.id, daysAhead: 2 });

  await signInByApi(page, username, { password: PASSWORD });
  await expect(page).toHaveURL(/\/user\/appointment/);

  // The questionnaire task of the appointment: the flow advances to its first form.
  await page.goto(`/user/task/questionnaire?appointmentId=${appointment.id}`);
  await expect(page).toHaveURL(/\/user\/task\/questionnaire\/main\/[\w-]+\?appointmentId=.+&taskId=.+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Health history' })).toBeVisible();
  const finish = page.getByRole('button', { name: 'Finish' });
  await expect(finish).toBeDisabled();
  await expect(finish).toHaveAccessibleDescription(
    /Next is locked until every required question is answered/,
  );

  await page.getByRole('checkbox', { name: 'Cough' }).check();
  await page.getByRole('textbox', { name: /Pain scale/ }).fill('0');
  // An exclusion: 'Never smoked' removes the packs-per-day question.
  await page.getByRole('radio', { name: 'Current smoker' }).check();
  const packs = page.getByRole('heading', { name: 'How many packs a day do you (or did you) smoke?' });
  await expect(packs).toBeVisible();
  await page.getByRole('radio', { name: 'Never smoked' }).check();
  await expect(packs).toHaveCount(0);

  // 'Other' shows its 'please specify' field, which is required: Finish stays locked while it is empty.
  await page.getByRole('checkbox', { name: 'Other' }).check();
  const specify = page.getByRole('textbox', { name: /Other: please specify/ });
  await expect(specify).toBeVisible();
  await page.getByLabel('Date of last visit').fill('2025-03-14');
  await expect(finish).toBeDisabled();
  await expect(finish).toHaveAccessibleDescription(/Still to answer: Other: please specify/);
  await specify.fill('Bee stings');
  await expect(finish).toBeEnabled();

  // A reload in the middle of the form loses nothing (drafts in IndexedDB 'mobile-db').
  await waitForDraftWith(page, 'Bee stings');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Health history' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Other: please specify/ })).toHaveValue('Bee stings');
  await expect(page.getByRole('radio', { name: 'Never smoked' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Cough' })).toBeChecked();
  await expect(packs).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Finish' })).toBeEnabled();

  await page.getByRole('button', { name: 'Finish' }).click();
  // spec 2 §4: on to the next task of the demo clinic's check-in, the demographics.
  await expect(page).toHaveURL(
    new RegExp(`/user/task/demographic/personal\\?appointmentId=${appointment.id}&taskId=`),
  );

  // The task is done, and the drafts are gone.
  const token = await apiToken(request, username, PASSWORD);
  const tasks = (await (
    await request.get(`/api/check-in/appointments/${appointment.id}/tasks`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { title: string; status: string }[];
  expect(tasks.find((task) => task.title === 'Health questionnaire')?.status).toBe('DONE');
  expect(
    await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('mobile-db', 2);
          open.onsuccess = () => {
            const count = open.result.transaction('mobile-store').objectStore('mobile-store').count();
            count.onsuccess = () => {
              resolve(count.result);
            };
          };
        }),
    ),
  ).toBe(0);

  // The provider sees the saved response.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signInByApi(page, DEMO.provider, { open: `/provider/patient/${patient.id}/appointments` });
  await expect(page).toHaveURL(/\/provider\//);
  await page.getByRole('link', { name: 'Questionnaires' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible();
  const response = page.getByRole('region', { name: 'Health history' });
  await expect(response).toBeVisible();
  await expect(response.getByText('Never smoked')).toBeVisible();
  await expect(response.getByText('Bee stings')).toBeVisible();
  await expect(response.getByText('Packs per day')).toHaveCount(0);
});
