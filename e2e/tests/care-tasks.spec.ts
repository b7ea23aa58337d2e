import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { submitLogin } from '../fixtures/demo.ts';
import { apiToken } from '../fixtures/appointments-api.ts';
import { createAppointment, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';
import { suiteNow } from '../fixtures/clock.ts';

// Issue 5 items 6, 9 and 10: a patient completes the demographics (spec 2 §2 three steps, §5 rules),
// vitals and copay tasks of a check-in; a patient with a balance pays it after login (spec 1 §2 rule 4).

const PASSWORD = 'Patient#Pass2026';

interface Task {
  taskId: string;
  status: string;
  actions: { type: string }[];
}

async function patientWithVisit(request: APIRequestContext) {
  const username = uniqueName('tasks.patient');
  const user = await createUser(request, {
    username,
    password: PASSWORD,
    firstName: 'Tess',
    lastName: 'Tasker',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  const appointment = await createAppointment(request, { userId: user.id, daysAhead: 2 });
  return { username, appointmentId: appointment.id, token: await apiToken(request, username, PASSWORD) };
}

async function tasksOf(request: APIRequestContext, token: string, appointmentId: string): Promise<Task[]> {
  const response = await request.get(`/api/check-in/appointments/${appointmentId}/tasks`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Task[];
}

function statusOf(tasks: Task[], type: string): string | undefined {
  return tasks.find((task) => task.actions.some((action) => action.type === type))?.status;
}

/** Signed in by API on `open` (these tests are not about logging in). */
async function logIn(page: Page, username: string, open: string) {
  await signInByApi(page, username, { password: PASSWORD, open });
  await expect(page).toHaveURL(/\/user\//);
}

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Name on card').fill('Tess Tasker');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry month (MM)').fill('12');
  await page.getByLabel('Expiry year (YYYY)').fill(String(new Date(suiteNow()).getFullYear() + 2));
  await page.getByLabel('Security code (CVC)').fill('123');
}

test('a patient completes demographics, vitals and a copay in a check-in', async ({ page, request }) => {
  const { username, appointmentId, token } = await patientWithVisit(request);
  // Demographics: three steps (spec 2 §2).
  await logIn(page, username, `/user/task/demographic/personal?appointmentId=${appointmentId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Personal' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Tess');
  await page.getByLabel('Preferred language').selectOption('es');
  await page.getByLabel('Marital status').selectOption('single');
  await page.getByLabel('Street address').fill('12 River Road');
  await page.getByLabel('City', { exact: true }).fill('Albany');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('State').selectOption('NY');
  await page.getByLabel('ZIP code').fill('12207');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/user\/task\/demographic\/contact-info/);
  await expect(page.getByRole('heading', { level: 2, name: 'Contact info' })).toBeVisible();
  await page.getByLabel('Date of birth').fill('1990-05-06');
  await page.getByLabel('Legal sex').selectOption('female');
  await page.getByLabel('Contact preference').selectOption('email');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/user\/task\/demographic\/emergency-info/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sam Tasker');
  await page.getByLabel('Relationship (optional)').fill('Brother');
  // spec 2 §5: the server accepts only a US mobile number.
  await page.getByLabel('Mobile phone').fill('020 7946 0958');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid US mobile phone number.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/emergency-info/);
  await page.getByLabel('Mobile phone').fill('(212) 555-0142');
  await page.getByRole('button', { name: 'Save' }).click();
  // spec 2 §4: completing moves to the next task (the demo clinic's insurance card; no card on file yet).
  await expect(page).toHaveURL(/\/user\/task\/insurance-card\/primary\?appointmentId=.+&taskId=/);
  expect(statusOf(await tasksOf(request, token, appointmentId), 'demographics')).toBe('DONE');

  // Reopening the task starts from the saved data (spec 2 §4 reset and reload).
  await page.goto(`/user/task/demographic/personal?appointmentId=${appointmentId}`);
  await expect(page.getByLabel('Street address')).toHaveValue('12 River Road');
  await expect(page.getByLabel('State')).toHaveValue('NY');

  // Vitals (issue 5 item 10): ranges checked before saving, BMI computed.
  await page.goto(`/user/task/vital?appointmentId=${appointmentId}`);
  await page.getByLabel('Pulse (bpm)').fill('300');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a value from 30 to 220 bpm.')).toBeVisible();
  await page.getByLabel('Pulse (bpm)').fill('72');
  await page.getByLabel('Blood pressure, systolic (mmHg)').fill('118');
  await page.getByLabel('Blood pressure, diastolic (mmHg)').fill('76');
  await page.getByLabel('Temperature (°F)').fill('98.4');
  await page.getByLabel('Weight (lb)').fill('150');
  await page.getByLabel('Height (in)').fill('65');
  await expect(page.getByTestId('bmi')).toHaveText('BMI: 25.0');
  await page.getByLabel('Oxygen saturation (%)').fill('98');
  await page.getByLabel('Pain (0 = none, 10 = worst)').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();

  // Copay (issue 5 item 9), the next task after the vitals: $25.00 from the task setting; a declined
  // card first, then the test card.
  await expect(page).toHaveURL(/\/user\/task\/copay\?appointmentId=.+&taskId=/);
  expect(statusOf(await tasksOf(request, token, appointmentId), 'vital')).toBe('DONE');
  await expect(page.getByText('Your copay for this visit is $25.00.')).toBeVisible();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $25.00' }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $25.00' }).click();
  await expect(page).toHaveURL(/\/user\/copay-thank-you\?/);
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText(/R-\d{8}-[0-9A-F]{8}/);
  await expect(receipt).toContainText('Visa ending in 4242');
  await expect(receipt).toContainText('$25.00');
  expect(statusOf(await tasksOf(request, token, appointmentId), 'copay')).toBe('DONE');
  // The copay is the last task: the final page, where the tasks skipped (questionnaire, insurance,
  // consent) are still to do.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/check-in-final\\?appointmentId=${appointmentId}$`));
  await expect(page.getByText('Some tasks are still to do.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to your tasks' }).click();
  await expect(page.getByTestId('check-in-task').filter({ hasText: 'Done' })).toHaveCount(3);
});

test('a patient with an outstanding balance sees it after login and pays it', async ({ page }) => {
  await page.goto('/guest/login');
  await submitLogin(page, 'olive.balance');
  await expect(page).toHaveURL(/\/user\/outstanding-balance-list\?cameFrom=login/);
  await expect(page.getByText('Total to pay: $125.50')).toBeVisible();
  await page.getByRole('checkbox', { name: /Office visit, follow-up/ }).uncheck();
  await expect(page.getByText('Total to pay: $85.50')).toBeVisible();
  await fillCard(page, '4000 0000 0000 9995');
  await page.getByRole('button', { name: 'Pay $85.50' }).click();
  await expect(page.getByRole('alert')).toContainText('Your card has insufficient funds.');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('button', { name: 'Pay $85.50' }).click();
  await expect(page.getByRole('region', { name: 'Receipt' })).toContainText('$85.50');
  await expect(page.getByText('Total to pay: $40.00')).toBeVisible();
});

test('self check-in (kiosk): the vitals task works under the provider prefix', async ({ page, request }) => {
  const { appointmentId, token } = await patientWithVisit(request);
  await signInByApi(page, 'dr.smith', {
    open: `/provider/patient/task/vital?appointmentId=${appointmentId}`,
  });
  await expect(page).toHaveURL(/\/provider\//);
  await page.getByLabel('Pulse (bpm)').fill('64');
  await page.getByLabel('Pain (0 = none, 10 = worst)').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  // spec 2 §4: in self check-in mode completing a task goes to the task success page.
  await expect(page).toHaveURL(/\/provider\/patient\/task\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Task complete' })).toBeVisible();
  expect(statusOf(await tasksOf(request, token, appointmentId), 'vital')).toBe('DONE');
  // Continue: the next undone task after the vitals, the copay, still under the provider prefix.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/provider\/patient\/task\/copay\?appointmentId=.+&taskId=/);
  await expect(page.getByText('Your copay for this visit is $25.00.')).toBeVisible();
});
