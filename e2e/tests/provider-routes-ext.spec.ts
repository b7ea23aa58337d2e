import { test, expect } from '../fixtures/test.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';
import { apiToken } from '../fixtures/appointments-api.ts';

// Issue 17 item 6 (decision 0045): the three provider routes spec 3 §2 names that did not exist —
// /provider/intellimap (the clinic's board), /provider/patient/{id}/flows/create and
// /provider/single-header/ (Secure Messaging without the shell). jane.patient (Jane Cooper) has a care
// plan from dr.smith and readings outside its goals (seed); dr.limited has only APPOINTMENTS.

/** The user id in an access token (its subject). */
function subjectOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

test("dr.smith reads the clinic's Intellimap board, filters the tasks and opens a patient's tab", async ({
  page,
  request,
  accessibility,
}) => {
  const janeId = subjectOf(await apiToken(request, DEMO.patient, DEMO_PASSWORD));
  await signInByApi(page, DEMO.provider, { open: '/provider/intellimap' });
  await expect(page.getByRole('heading', { level: 1, name: 'Intellimap' })).toBeVisible();
  await expect(
    page.getByText('Remote-monitoring alerts and care-plan tasks of every patient of the clinic.'),
  ).toBeVisible();
  await expect(page.getByText(/^Patients with a care plan: \d+$/)).toBeVisible();

  // Alerts: Jane's seeded pulse readings of 112 leave her goal of 50 to 100.
  const alerts = page.getByRole('region', { name: 'Alerts' });
  await expect(alerts.getByRole('columnheader', { name: 'Patient' })).toBeVisible();
  const janeAlert = alerts
    .getByRole('row')
    .filter({ hasText: 'Jane Cooper' })
    .filter({ hasText: '50 to 100' });
  await expect(janeAlert.first()).toBeVisible();

  // The filter keeps the tasks of one status, in the address so a reload keeps it.
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByRole('row').filter({ hasText: 'Jane Cooper' }).first()).toBeVisible();
  await page.getByLabel('Show tasks').selectOption('met');
  await expect(page).toHaveURL(/\/provider\/intellimap\?status=met$/);
  // The screen's axe scan first: a reload in the middle of it would leave it without axe.
  await accessibility.settle();
  await page.reload();
  await expect(page.getByLabel('Show tasks')).toHaveValue('met');
  const statuses = await page
    .getByRole('region', { name: 'Tasks' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') })
    .locator('td:nth-child(6)')
    .allTextContents();
  expect(statuses.every((status) => status === 'Met')).toBe(true);
  await page.getByLabel('Show tasks').selectOption('');
  await expect(page).toHaveURL(/\/provider\/intellimap$/);

  // dr.smith has PATIENT: a name opens that patient's Intellimap tab.
  await alerts.getByRole('link', { name: 'Intellimap of Jane Cooper' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${janeId}/health/intellimap$`));
  await expect(page.getByRole('tab', { name: 'Intellimap' })).toHaveAttribute('aria-selected', 'true');
});

test('dr.limited (APPOINTMENTS only) gets no board and no patient flows', async ({ page, request }) => {
  const janeId = subjectOf(await apiToken(request, DEMO.patient, DEMO_PASSWORD));
  await signInByApi(page, DEMO.limitedProvider, { open: '/provider/intellimap' });
  await expect(page.getByRole('heading', { level: 1, name: 'Intellimap' })).toBeVisible();
  // The board needs REMOTE_PATIENT_MONITORING (spec 3 §6); the router's guard gives the page text.
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alerts' })).toHaveCount(0);

  // The create route sits in the patient view, whose shell needs PATIENT (spec 3 §2, §8).
  await page.goto(`/provider/patient/${janeId}/flows/create`);
  await expect(page.getByText('You do not have access to view patient details.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create flow' })).toHaveCount(0);
});

test('dr.smith creates a flow for Jane from her Flows tab on the create route', async ({ page, request }) => {
  const janeId = subjectOf(await apiToken(request, DEMO.patient, DEMO_PASSWORD));
  await signInByApi(page, DEMO.provider, { open: `/provider/patient/${janeId}/flows` });
  await expect(page.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
  await page.getByRole('link', { name: 'Create flow' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${janeId}/flows/create$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Create flow' })).toBeVisible();

  // The title is required; nothing is sent without it.
  await page.getByRole('button', { name: 'Create flow' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page).toHaveURL(/\/flows\/create$/);

  const title = uniqueName('Review home readings');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Pulse above the goal three days running.');
  await page.getByRole('button', { name: 'Create flow' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${janeId}/flows$`));
  const created = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(created).toBeVisible();
  await expect(created.getByText(/Patient: Jane Cooper/)).toBeVisible();
});

test('/provider/single-header/ is Secure Messaging without the shell, and its links stay there', async ({
  page,
}) => {
  await signInByApi(page, DEMO.provider, { open: '/provider/single-header/' });
  await expect(page).toHaveURL(/\/provider\/single-header\/message$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Messaging' })).toBeVisible();
  // One header: the app's name only — no sidebar, footer tabs, menu or page action.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'SMS templates' })).toHaveCount(0);

  await page.getByRole('link', { name: 'New message' }).click();
  await expect(page).toHaveURL(/\/provider\/single-header\/message\/receiver-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receivers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Add a patient' }).click();
  await expect(page).toHaveURL(/\/provider\/single-header\/message\/search-patient$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search patients' })).toBeVisible();

  // Any other path below it lands on the messaging screen too; the shell is back outside it.
  await page.goto('/provider/single-header/elsewhere');
  await expect(page).toHaveURL(/\/provider\/single-header\/message$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Messaging' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await page.goto('/provider/message');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});
