import type { APIRequestContext, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { checkInTaskListSchema } from '@app/contracts/check-in';
import { fixtureVideoWorldResponseSchema } from '@app/contracts/video-fixtures';
import { expect, test } from '../fixtures/test.ts';
import { accessToken, createCheckInWorld } from '../fixtures/check-in-world.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';

// Issue 18 item 2 (decision 0051): the patient home on /user/appointment — the next visit with its
// check-in progress, Join video, reschedule and cancel; tasks, balance and messages; the empty state;
// the patient menu as a side navigation on a wide screen and the menu button on a phone.

const PASSWORD = 'Patient#Home2026';
const SIX_TASKS = [
  'Bring your photo ID',
  'Arrive early',
  'List your medicines',
  'Fast',
  'Pay parking',
  'Sign in',
];
/** Three days ahead: past the clinic's 24-hour notice, so the patient may still cancel online. */
const THREE_DAYS = 3 * 24 * 60;

/** "Tue, Dec 1, 9:30 AM EST": the visit's time in its department's zone, worked out here with luxon. */
function visitTimeText(startAt: string, zone: string): string {
  const local = DateTime.fromISO(startAt).setZone(zone);
  const year = local.year === DateTime.now().setZone(zone).year ? '' : `, ${local.year}`;
  return `${local.toFormat('ccc, LLL d', { locale: 'en-US' })}${year}, ${local.toFormat('h:mm a', { locale: 'en-US' })} ${local.offsetNameShort ?? ''}`;
}

/** Marks the first `count` tasks of an appointment DONE, as the patient. */
async function finishTasks(request: APIRequestContext, token: string, appointmentId: string, count: number) {
  const headers = { authorization: `Bearer ${token}` };
  const listed = await request.get(`/api/check-in/appointments/${appointmentId}/tasks`, { headers });
  const tasks = checkInTaskListSchema.parse(await listed.json());
  for (const task of tasks.slice(0, count)) {
    const response = await request.post(
      `/api/check-in/appointments/${appointmentId}/tasks/${task.taskId}/status`,
      { headers, data: { status: 'DONE', payload: { settingId: task.settingId } } },
    );
    expect(response.status()).toBe(200);
  }
}

async function appointmentStart(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/api/appointments/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { startAt: string; timezone: string; doctorName: string };
}

function nextVisitCard(page: Page) {
  return page.getByRole('region', { name: 'Your next visit' });
}

test('the next visit: its time and zone, provider, check-in "3 of 6 done" and the ways on', async ({
  page,
  request,
}) => {
  const world = await createCheckInWorld(request, PASSWORD, {
    taskTitles: SIX_TASKS,
    minutesAhead: THREE_DAYS,
  });
  const [appointmentId] = world.appointmentIds;
  const token = await accessToken(request, world.patient.username, PASSWORD);
  await finishTasks(request, token, appointmentId ?? '', 3);
  const visit = await appointmentStart(request, token, appointmentId ?? '');

  // The Content-Security-Policy forbids eval; zod's compiled parsers used to try it (lib/zod/jitless.ts).
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.sourceFile}`);
    });
  });
  await signInByApi(page, world.patient.username, { password: PASSWORD, open: '/user/appointment' });
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  const card = nextVisitCard(page);
  await expect(card.getByText(visitTimeText(visit.startAt, visit.timezone), { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
  await expect(card.getByText(visit.doctorName, { exact: true })).toBeVisible();
  await expect(card.getByText('In person', { exact: true })).toBeVisible();
  await expect(card.getByText('Booked', { exact: true })).toBeVisible();
  await expect(card.getByText('3 of 6 done')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Check-in progress' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  // An office visit: nothing to join.
  await expect(card.getByRole('link', { name: 'Join video' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
    'href',
    new RegExp(`/user/appointment/create/time-slots\\?.*cancelAppointmentId=${appointmentId}`),
  );
  await expect(
    card.getByRole('link', { name: `Visit details: your visit with ${visit.doctorName}` }),
  ).toHaveAttribute('href', `/user/appointment/${appointmentId}`);

  // What is waiting: the three open tasks, no balance, no unread messages.
  const tasks = page.getByRole('region', { name: 'Tasks due' });
  await expect(tasks.getByText('3 tasks to do')).toBeVisible();
  await expect(tasks.getByRole('link', { name: 'View tasks' })).toHaveAttribute('href', '/user/task-feed');
  const balance = page.getByRole('region', { name: 'Balance due' });
  await expect(balance.getByText('Nothing due')).toBeVisible();
  await expect(balance.getByRole('link', { name: 'View payments' })).toHaveAttribute(
    'href',
    '/user/outstanding-balance-list',
  );
  const messages = page.getByRole('region', { name: 'Messages' });
  await expect(messages.getByText('No unread messages')).toBeVisible();
  await expect(messages.getByRole('link', { name: 'Open messages' })).toHaveAttribute(
    'href',
    '/user/message',
  );
  // The list below still holds the visit.
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming appointments' })).toBeVisible();

  // Continue check-in opens the visit's task list.
  await card.getByRole('link', { name: 'Continue check-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/task\\?appointmentId=${appointmentId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();
  await expect(page.getByText('Sign in', { exact: true })).toBeVisible();

  // The task feed behind "View tasks" lists the three still open.
  await page.goto('/user/appointment');
  await page.getByRole('region', { name: 'Tasks due' }).getByRole('link', { name: 'View tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay parking' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bring your photo ID' })).toHaveCount(0);
});

test('cancel from the home asks first, in the danger colour, and leaves the empty state', async ({
  page,
  request,
}) => {
  const world = await createCheckInWorld(request, PASSWORD, { minutesAhead: THREE_DAYS });
  await signInByApi(page, world.patient.username, { password: PASSWORD, open: '/user/appointment' });
  const card = nextVisitCard(page);
  const cancel = card.getByRole('button', { name: 'Cancel visit' });
  await expect(cancel).toBeVisible();
  // Destructive: the error colour of the design system (#8a1c1c), not the brand's.
  await expect(cancel).toHaveCSS('color', 'rgb(138, 28, 28)');

  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog.getByText('Are you sure you want to cancel this appointment?')).toBeVisible();
  await dialog.getByRole('button', { name: 'NO, GO BACK' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Cancel visit' }).click();
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'YES, CANCEL' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'You have no appointments yet.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Schedule a visit' })).toHaveAttribute(
    'href',
    '/user/appointment/create',
  );
});

test('a telehealth visit whose room is open offers Join video, without address or map', async ({ page }) => {
  const response = await page.request.post('/dev/fixtures/video/world', {
    data: { name: uniqueName('hv').replace(/\./g, ''), password: PASSWORD, minutesAhead: 5 },
  });
  expect(response.status()).toBe(201);
  const world = fixtureVideoWorldResponseSchema.parse(await response.json());

  await signInByApi(page, world.patient.username, { password: PASSWORD, open: '/user/appointment' });
  const card = nextVisitCard(page);
  await expect(card.getByText('Video visit', { exact: true })).toBeVisible();
  await expect(card.getByText(/EST$|EDT$/)).toBeVisible();
  await expect(card.getByRole('link', { name: /map/i })).toHaveCount(0);
  await expect(card.getByText('Albany')).toHaveCount(0);
  const join = card.getByRole('link', { name: 'Join video' });
  await expect(join).toHaveAttribute('href', `/user/video-call/${world.appointmentId}`);
  await join.click();
  await expect(page).toHaveURL(new RegExp(`/user/video-call/${world.appointmentId}$`));
  await expect(page.getByRole('heading', { name: 'Your video visit' })).toBeVisible({ timeout: 30_000 });
});

test('a patient without visits sees the empty state with Schedule a visit', async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('home');
  await createUser(request, {
    username,
    password: PASSWORD,
    email: `${username}@example.com`,
    clinicNumbers: [1001],
  });
  await signInByApi(page, username, { password: PASSWORD, open: '/user/appointment' });
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'You have no appointments yet.' })).toBeVisible();
  await expect(page.getByText('Book a visit with your care team in a few steps.')).toBeVisible();
  // The home's accessibility scan first: the booking screen replaces its own URL at once.
  await accessibility.settle();
  await page.getByRole('link', { name: 'Schedule a visit' }).click();
  await expect(page).toHaveURL(/\/user\/appointment\/create/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a provider' })).toBeVisible();
});

test('navigation: a side menu on a wide screen, in keyboard order, and the menu button on a phone', async ({
  page,
  request,
}) => {
  const username = uniqueName('homenav');
  await createUser(request, {
    username,
    password: PASSWORD,
    email: `${username}@example.com`,
    clinicNumbers: [1001],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page, username, { password: PASSWORD, open: '/user/appointment' });
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Appointments' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Messages' })).not.toHaveAttribute('aria-current', 'page');

  // Keyboard order: skip link, header, menu, then the screen.
  await page.locator('.app-skip-link').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('link')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Appointments' })).toBeFocused();
  const order = await page.evaluate(() => {
    const main = document.querySelector('main');
    const menu = document.querySelector('nav');
    return Boolean(menu && main && menu.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(order).toBe(true);

  await nav.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/user\/message$/);
  await expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');

  // A phone: no side menu, the menu button opens the drawer with the same links.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/appointment');
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Appointments' })).toHaveAttribute('aria-current', 'page');
  await drawer.getByRole('link', { name: 'Family' }).click();
  await expect(page).toHaveURL(/\/user\/family$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Family profiles' })).toBeVisible();
});
