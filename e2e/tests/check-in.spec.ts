import type { APIRequestContext, Page } from '@playwright/test';
import {
  fixtureCheckInWorldResponseSchema,
  type FixtureCheckInWorld,
  type FixtureCheckInWorldResponse,
} from '@app/contracts/check-in-fixtures';
import { expect, test } from '../fixtures/test.ts';
import { signInByApi } from '../fixtures/session.ts';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { latestMessages } from '../fixtures/outbox.ts';
import { recordCheckInStatistics, shortenIdle } from '../fixtures/check-in-session.ts';

// Issue 5: spec 2 §4 check-in tasks, check-in quick link, on-the-fly tasks, idle time-out; §2 the
// check-in, task, kiosk and quick-link routes. Each test owns a clinic whose tasks are all 'regular'
// (the other task types have their own pages and e2e).

const PASSWORD = 'Checkin#Pass2026';

async function createWorld(
  request: APIRequestContext,
  world: Omit<FixtureCheckInWorld, 'name' | 'password'> = {},
): Promise<FixtureCheckInWorldResponse> {
  const name = uniqueName('ci').replace(/\./g, '');
  const response = await request.post('/dev/fixtures/check-in/world', {
    data: { name, password: PASSWORD, ...world },
  });
  if (response.status() !== 201) {
    throw new Error(
      `POST /dev/fixtures/check-in/world answered ${response.status()}: ${await response.text()}`,
    );
  }
  return fixtureCheckInWorldResponseSchema.parse(await response.json());
}

/** Sends a quick link like the clinic does, then reads it from the dev outbox as the patient would. */
async function quickLinkFromOutbox(
  request: APIRequestContext,
  world: FixtureCheckInWorldResponse,
  link: { type: string; appointmentId?: string; taskId?: string },
): Promise<string> {
  const response = await request.post('/dev/fixtures/quick-links', {
    data: { userId: world.patient.userId, clinicUuid: world.clinicUuid, ...link },
  });
  expect(response.status()).toBe(201);
  const [message] = (await latestMessages(request, world.patient.email)).filter(
    (item) => item.purpose === 'quick-link',
  );
  const url = /https?:\/\/\S+/.exec(message?.body ?? '')?.[0];
  if (!url) {
    throw new Error('No quick link in the outbox');
  }
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Signed in by API, on the page a login lands on (these tests are not about logging in). */
async function patientLogin(page: Page, username: string) {
  await signInByApi(page, username, { password: PASSWORD });
  await expect(page).toHaveURL(/\/user\/appointment/);
}

/** Does the open regular task: its page shows title and description, then Mark as done. */
async function markDone(page: Page, title: string) {
  await expect(page).toHaveURL(/\/task\/regular\?appointmentId=.+&taskId=/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Please ${title.toLowerCase()}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done' }).click();
}

test('a patient checks in through the dashboard: regular tasks done, the check-in finished', async ({
  page,
  request,
}) => {
  const world = await createWorld(request, {
    taskTitles: ['Bring your photo ID', 'Confirm your pharmacy'],
    appointmentCount: 2,
  });
  const statistics = recordCheckInStatistics(page);
  await patientLogin(page, world.patient.username);

  // spec 2 §4: two appointments of one department and date form one entry.
  await page.goto('/user/check-in-landing');
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await expect(page.getByText('Check-in Main Street,')).toHaveCount(1);
  await expect(page.getByText('2 visits')).toBeVisible();
  await page.getByRole('button', { name: 'Start check-in' }).click();

  await expect(page).toHaveURL(new RegExp(`/user/task\\?appointmentId=${world.appointmentIds[0] ?? ''}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();
  const tasks = page.getByTestId('check-in-task');
  // Each appointment of the entry has both tasks.
  await expect(tasks).toHaveCount(4);
  await expect(tasks.first()).toContainText('To do');
  await expect.poll(() => statistics.filter((status) => status === 'started').length).toBe(2);

  // Opening a NEW task marks it ACCESSED first.
  const accessed = page.waitForResponse(
    (response) => response.url().includes('/status') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Start: Bring your photo ID' }).first().click();
  expect(((await accessed).request().postDataJSON() as { status: string }).status).toBe('ACCESSED');
  await markDone(page, 'Bring your photo ID');
  // Completing goes straight on to the next undone task.
  await markDone(page, 'Confirm your pharmacy');
  await markDone(page, 'Bring your photo ID');

  const finish = page.waitForResponse((response) => response.url().endsWith('/api/check-in/finish'));
  await markDone(page, 'Confirm your pharmacy');
  await expect(page).toHaveURL(/\/user\/check-in-final$/);
  const finished = await finish;
  expect(finished.status()).toBe(200);
  expect(await finished.json()).toMatchObject({ finished: true });
  expect((finished.request().postDataJSON() as { appointmentIds: string[] }).appointmentIds.sort()).toEqual(
    [...world.appointmentIds].sort(),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in complete' })).toBeVisible();
  await expect(page.getByText('Thank you, you are checked in.')).toBeVisible();
  await expect.poll(() => statistics.filter((status) => status === 'finished').length).toBe(2);

  // The dashboard shows every task done, and a done regular task may be opened again.
  await page.goto(`/user/task?appointmentId=${world.appointmentIds[0] ?? ''}`);
  await expect(tasks.filter({ hasText: 'Done' })).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Review: Bring your photo ID' }).first()).toBeEnabled();

  // The landing now shows the entry as checked in.
  await page.goto('/user/check-in-landing');
  await expect(page.getByText('Checked in')).toBeVisible();
});

test('the same check-in starts from a quick link read from the outbox; the link works once', async ({
  page,
  request,
}) => {
  const world = await createWorld(request, { taskTitles: ['Bring your photo ID'] });
  const [appointmentId = ''] = world.appointmentIds;
  const link = await quickLinkFromOutbox(request, world, { type: 'check-in', appointmentId });
  expect(link).toMatch(/^\/quick-link\?type=check-in&oauthCode=/);

  // Not signed in: the link logs the patient in and starts the single check-in.
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`/user/task\\?appointmentId=${appointmentId}`));
  await page.getByRole('button', { name: 'Start: Bring your photo ID' }).click();
  await markDone(page, 'Bring your photo ID');
  await expect(page).toHaveURL(/\/user\/check-in-final$/);
  await expect(page.getByText('Thank you, you are checked in.')).toBeVisible();

  // Used once: the second time it says so, then goes to the base url.
  await page.goto(link);
  await expect(page.getByText('This link is not valid or has expired.')).toBeVisible();
  await expect(page).toHaveURL(/\/guest\/landing/, { timeout: 10_000 });

  // A new link for a check-in whose tasks are all done goes to the final page.
  await page.goto(await quickLinkFromOutbox(request, world, { type: 'check-in', appointmentId }));
  await expect(page).toHaveURL(/\/user\/check-in-final$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in complete' })).toBeVisible();
});

test('on-the-fly tasks: the requested task first, each marked, then the final page', async ({
  page,
  request,
}) => {
  const world = await createWorld(request, {
    taskTitles: [],
    appointmentCount: 0,
    onFlyTaskTitles: ['Update your pharmacy', 'Upload your photo ID'],
  });
  const [, second = ''] = world.onFlyTaskIds;
  const marks: string[] = [];
  page.on('request', (sent) => {
    const match = /\/api\/on-fly-tasks\/[^/]+\/(accessed|done)$/.exec(sent.url());
    if (match?.[1]) {
      marks.push(match[1]);
    }
  });
  const link = await quickLinkFromOutbox(request, world, { type: 'on-fly', taskId: second });
  await page.goto(link);
  // The requested task comes first.
  await expect(page).toHaveURL(/\/user\/task\/regular\?clinicUuid=.+&taskId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your photo ID' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update your pharmacy' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page).toHaveURL(/\/user\/on-fly-final$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All tasks done' })).toBeVisible();
  expect(marks).toEqual(['accessed', 'done', 'accessed', 'done']);

  // Nothing left: the flow ends at once.
  await page.goto(`/user/task?flow=on-fly&clinicUuid=${world.clinicUuid}`);
  await expect(page).toHaveURL(/\/user\/on-fly-final$/);
});

test('self check-in on the kiosk: search, check in under the provider session, then the idle time-out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const world = await createWorld(request, { taskTitles: ['Bring your photo ID'], minutesAhead: 60 });
  const [appointmentId = ''] = world.appointmentIds;
  await shortenIdle(page, 12);
  const statistics = recordCheckInStatistics(page);

  await signInByApi(page, world.doctor.username, { password: PASSWORD });
  await expect(page).toHaveURL(/\/provider\//);

  const findPatient = async () => {
    await page.goto('/provider/patient/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Patient search' })).toBeVisible();
    await page.getByLabel('Last name or first name').fill(world.patient.lastName.slice(0, 6));
    await page.getByLabel('Date of birth').fill(world.patient.birthdate);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(`${world.patient.firstName} ${world.patient.lastName}, born`)).toBeVisible();
    await page.getByRole('button', { name: /^Check in for / }).click();
    // Issue 16: the patient confirms who is checking in before the tasks.
    await expect(page).toHaveURL(new RegExp(`/provider/confirm-patient\\?appointmentId=${appointmentId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm who is checking in' })).toBeVisible();
    await expect(page.getByTestId('confirm-patient-birthdate')).toHaveText('April 12, 1980');
    await page.getByRole('button', { name: 'Yes, this is me — start check-in' }).click();
    await expect(page).toHaveURL(new RegExp(`/provider/patient/task\\?appointmentId=${appointmentId}`));
  };

  await findPatient();
  await page.getByRole('button', { name: 'Start: Bring your photo ID' }).click();
  await expect(page).toHaveURL(/\/provider\/patient\/task\/regular\?/);
  await page.getByRole('button', { name: 'Mark as done' }).click();
  // Self check-in mode: the task success page, then on to the end of the check-in.
  await expect(page).toHaveURL(/\/provider\/patient\/task\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Task complete' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/provider\/patient\/task\/check-in$/);
  await expect(page.getByText('Thank you, you are checked in.')).toBeVisible();
  await page.getByRole('button', { name: 'Next patient' }).click();
  await expect(page).toHaveURL(/\/provider\/patient\/search$/);

  // The next patient walks away mid check-in: after the idle time and the warning, the kiosk sends
  // 'session_expired' and goes back to the search, still signed in.
  await findPatient();
  await expect(page.getByRole('dialog', { name: 'Are you still here?' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/provider\/patient\/search$/, { timeout: 30_000 });
  expect(statistics).toContain('session_expired');
  await expect(page.getByRole('heading', { level: 1, name: 'Patient search' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('appointmentId'))).toBeNull();
});
