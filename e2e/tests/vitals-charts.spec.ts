import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';
import { apiToken } from '../fixtures/appointments-api.ts';

// Issue 6 item 9: vitals charts with spec 3 §9 axes (patient graphs at /user/vital/group) and the
// provider's patient health tab (spec 3 §2: Care Plans, Devices, Intellimap, Flowsheet, Graphs &
// Goals). jane.patient has four weeks of demo readings and a care plan from dr.smith (seed).

async function yTicks(page: Page): Promise<string[]> {
  const ticks = page.locator('.recharts-yAxis-tick-labels').first().locator('text');
  await expect(ticks.first()).toBeVisible();
  return ticks.allTextContents();
}

/** The user id in an access token (its subject). */
function subjectOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

test("jane's graphs use the spec's axes, show a data table and take a new reading", async ({ page }) => {
  await signInByApi(page, DEMO.patient, { open: '/user/vital/group?group=pulse' });
  await expect(page).toHaveURL(/\/user\//);

  await expect(page.getByRole('heading', { level: 1, name: 'Graphs' })).toBeVisible();
  await expect(page.locator('figcaption', { hasText: 'Pulse, last 90 days' })).toBeVisible();
  // spec 3 §9: pulse 40-120 step 20.
  expect(await yTicks(page)).toEqual(['40', '60', '80', '100', '120']);
  // The text alternative: the readings as a table.
  await page.getByText('Show the readings as a table').click();
  const table = page.getByRole('table', { name: 'Pulse, last 90 days' });
  await expect(table).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(10);

  // spec 3 §9: weight 10-260 step 20 (the step ends on 250; the axis on 260).
  await page.getByLabel('Graph').selectOption('weight');
  await expect(page).toHaveURL(/group=weight/);
  await expect(page.locator('figcaption', { hasText: 'Weight, last 90 days' })).toBeVisible();
  const weight = await yTicks(page);
  expect(weight.slice(0, 3)).toEqual(['10', '30', '50']);
  expect(weight.slice(-2)).toEqual(['250', '260']);
  // Goals of her care plan are named beside the chart.
  await expect(page.getByText('Goal: Weight at most 145')).toBeVisible();

  // spec 3 §9 pain: bands and the 0-9 axis.
  await page.getByLabel('Graph').selectOption('pain');
  await expect(page.getByText('Pain bands: green 0 to 3.33, yellow 3 to 6.33, red 6 to 10.')).toBeVisible();
  expect(await yTicks(page)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  await expect(page.locator('.recharts-reference-area')).toHaveCount(3);

  // spec 3 §5 pain limit 0-10: 11 is refused before anything is sent; 2 is saved.
  await page.getByLabel('Pain', { exact: true }).fill('11');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a value from 0 to 10.')).toBeVisible();
  await page.getByLabel('Pain', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your reading was saved.')).toBeVisible();
});

test("dr.smith opens jane's health tab: Intellimap, Flowsheet, Graphs & Goals, adds a care plan", async ({
  page,
  request,
}) => {
  const janeId = subjectOf(await apiToken(request, DEMO.patient, DEMO_PASSWORD));
  // Default tab: intellimap.
  await signInByApi(page, DEMO.provider, { open: `/provider/patient/${janeId}/health` });
  await expect(page).toHaveURL(/\/provider\//);
  await expect(page.getByRole('tab', { name: 'Intellimap' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  // The seeded pulse readings of 112 leave the goal of 50 to 100.
  await expect(page.getByRole('cell', { name: '50 to 100' }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Flowsheet' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${janeId}/health/flowsheet$`));
  const flowsheet = page.getByRole('table', { name: 'Readings of the last 90 days' });
  await expect(flowsheet).toBeVisible();
  await expect(flowsheet.getByRole('columnheader', { name: 'Pulse (bpm)' })).toBeVisible();
  expect(await flowsheet.getByRole('row').count()).toBeGreaterThan(10);

  await page.getByRole('tab', { name: 'Graphs & Goals' }).click();
  await expect(page).toHaveURL(/\/health\/graphs-goals$/);
  await expect(page.locator('figcaption', { hasText: 'Blood pressure, last 90 days' })).toBeVisible();
  // Blood pressure: systolic 60-200 and diastolic 40-200 share one axis, 40-200 step 20.
  expect(await yTicks(page)).toEqual(['40', '60', '80', '100', '120', '140', '160', '180', '200']);
  await expect(page.getByText('Goal: Systolic at most 130')).toBeVisible();

  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page.getByRole('cell', { name: 'Blood pressure monitor' })).toBeVisible();

  await page.getByRole('tab', { name: 'Care Plans' }).click();
  await expect(page.getByRole('heading', { name: 'Blood pressure and weight' })).toBeVisible();
  const title = `Activity ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add care plan' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Vital').selectOption('steps');
  await page.getByLabel('Lowest value').fill('7000');
  // A due date is required.
  await page.getByRole('button', { name: 'Save care plan' }).click();
  await expect(page.getByText('Please correct the highlighted fields.')).toBeVisible();
  await page.getByLabel('Due date').fill('2030-06-30');
  await page.getByRole('button', { name: 'Save care plan' }).click();
  await expect(page.getByText('The care plan was saved.')).toBeVisible();
  const plan = page.getByRole('region', { name: title });
  await expect(plan).toBeVisible();
  await expect(plan.getByRole('cell', { name: 'at least 7,000' })).toBeVisible();
});
