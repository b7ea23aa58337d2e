import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { submitLogin } from '../fixtures/demo.ts';
import {
  accessToken,
  connectFamilyMember,
  createCheckInWorld,
  minutesAheadStillToday,
} from '../fixtures/check-in-world.ts';

// Issue 16: the check-in app's path (spec 1 §1, §2 rule 3): every login lands on {role}/confirm-patient
// — "confirm who is checking in" (name, date of birth, today's visit) — then that patient's check-in:
// tasks, then the finished screen. The kiosk (self check-in) confirms the patient it picked the same
// way. Decision 0036.
//
// The server of this file runs the check-in app: a worker option of this file only (like
// chat-widget.spec.ts), so the worker starts a server of its own with APP_VARIANT=check-in.
test.use({ portalEnv: { APP_VARIANT: 'check-in' } });

// spec 1 §1: the check-in app logs out one second after start, so these tests log in through the
// form (signInByApi opens a page with a stored session, which that rule ends) and then only click.

const PASSWORD = 'Checkin#App2026';

/** Opens the login form and lets the start-up logout pass (nobody is signed in yet), then logs in. */
async function logInThroughTheForm(page: Page, username: string): Promise<void> {
  await page.goto('/guest/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  // The start-up timer fires on the page's clock; run it now instead of racing it with the form.
  await page.clock.runFor(1_100);
  await submitLogin(page, username, PASSWORD);
}

async function markDone(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done' }).click();
}

test('a patient logs in to the check-in app, confirms who they are, does the tasks and is checked in', async ({
  page,
  request,
}) => {
  const world = await createCheckInWorld(request, PASSWORD, {
    taskTitles: ['Bring your photo ID', 'Confirm your pharmacy'],
    minutesAhead: minutesAheadStillToday(),
  });
  const [appointmentId = ''] = world.appointmentIds;

  await logInThroughTheForm(page, world.patient.username);
  // spec 1 §2 rule 3: the check-in app confirms the patient next.
  await expect(page).toHaveURL(/\/user\/confirm-patient$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm who is checking in' })).toBeVisible();
  await expect(page.getByText('Is this you?')).toBeVisible();
  await expect(page.getByTestId('confirm-patient-name')).toHaveText(
    `${world.patient.firstName} ${world.patient.lastName}`,
  );
  await expect(page.getByTestId('confirm-patient-birthdate')).toHaveText('April 12, 1980');
  await expect(page.getByRole('heading', { level: 2, name: 'Today’s appointments' })).toBeVisible();
  const visit = page.getByTestId('confirm-patient-visit');
  await expect(visit).toHaveCount(1);
  // The time in the department's zone (New York), the provider, the clinic and its location.
  await expect(visit).toContainText(/\d{1,2}:\d{2}\s?[AP]M E[SD]T with Kiosk Doctor/);
  await expect(visit).toContainText(/^.*Check-in clinic ci\w+, Check-in Main Street/);
  // No family linked: no family switch; the way out is a logout.
  await expect(page.getByRole('button', { name: 'Not you? Log out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check in a family member' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Yes, this is me — start check-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/task\\?appointmentId=${appointmentId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();
  const tasks = page.getByTestId('check-in-task');
  await expect(tasks).toHaveCount(2);
  await expect(tasks.first()).toContainText('Bring your photo ID');
  await expect(tasks.last()).toContainText('Confirm your pharmacy');

  await page.getByRole('button', { name: 'Start: Bring your photo ID' }).click();
  await markDone(page, 'Bring your photo ID');
  await markDone(page, 'Confirm your pharmacy');
  await expect(page).toHaveURL(/\/user\/check-in-final$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in complete' })).toBeVisible();
  await expect(page.getByText('Thank you, you are checked in.')).toBeVisible();

  // spec 1 §1: a (re)start of the check-in app logs out after one second.
  await page.reload();
  await expect(page).toHaveURL(/\/guest\/landing/);
  await expect(page.getByRole('link', { name: 'LOG IN' })).toBeVisible();
});

test('the check-in app: a parent with nothing today checks in a family member instead', async ({
  page,
  request,
}) => {
  const world = await createCheckInWorld(request, PASSWORD, {
    taskTitles: ['Bring your photo ID'],
    minutesAhead: minutesAheadStillToday(),
    patientBirthdate: '2014-09-03',
  });
  const parentName = uniqueName('petra');
  const parent = await createUser(request, {
    username: parentName,
    password: PASSWORD,
    firstName: 'Petra',
    lastName: 'Parent',
    birthdate: '1975-03-09',
    email: `${parentName}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [world.clinicNumber],
  });
  await connectFamilyMember(
    request,
    { id: parent.id, token: await accessToken(request, parentName, PASSWORD) },
    { username: world.patient.username, password: PASSWORD },
  );
  const childName = `${world.patient.firstName} ${world.patient.lastName}`;

  await logInThroughTheForm(page, parentName);
  await expect(page).toHaveURL(/\/user\/confirm-patient$/);
  await expect(page.getByTestId('confirm-patient-name')).toHaveText('Petra Parent');
  await expect(page.getByTestId('confirm-patient-birthdate')).toHaveText('March 9, 1975');
  await expect(page.getByText('You have no appointment to check in for today.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your appointments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes, this is me — start check-in' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Check in a family member' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Switch patient' })).toBeVisible();
  await expect(page.locator('li[aria-current="true"]')).toContainText('Petra Parent');
  await page.getByRole('button', { name: `Switch to ${childName}` }).click();

  // Back to the confirm step, now for the family member, with their visit of today.
  await expect(page).toHaveURL(/\/user\/confirm-patient$/);
  await expect(page.getByRole('region', { name: "You are using a family member's profile." })).toBeVisible();
  await expect(page.getByTestId('confirm-patient-name')).toHaveText(childName);
  await expect(page.getByTestId('confirm-patient-birthdate')).toHaveText('September 3, 2014');
  await expect(page.getByTestId('confirm-patient-visit')).toContainText('with Kiosk Doctor');
  await page.getByRole('button', { name: 'Yes, this is me — start check-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();
  await expect(page.getByTestId('check-in-task')).toContainText('Bring your photo ID');
});

test('the kiosk in the check-in app: search, pick, confirm the patient (or not), then the tasks', async ({
  page,
  request,
}) => {
  const world = await createCheckInWorld(request, PASSWORD, {
    taskTitles: ['Bring your photo ID'],
    minutesAhead: minutesAheadStillToday(),
  });
  const [appointmentId = ''] = world.appointmentIds;
  const patientName = `${world.patient.firstName} ${world.patient.lastName}`;

  await logInThroughTheForm(page, world.doctor.username);
  // spec 1 §2 rule 3 for a provider: /provider/confirm-patient, where the kiosk first picks the patient.
  await expect(page).toHaveURL(/\/provider\/patient\/search$/);

  const pick = async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Patient search' })).toBeVisible();
    await page.getByLabel('Last name or first name').fill(world.patient.lastName.slice(0, 6));
    await page.getByLabel('Date of birth').fill(world.patient.birthdate);
    await page.getByRole('button', { name: 'Search' }).click();
    // Results by name and date of birth.
    await expect(page.getByText(`${patientName}, born ${world.patient.birthdate}`)).toBeVisible();
    await page.getByRole('button', { name: /^Check in for / }).click();
    await expect(page).toHaveURL(new RegExp(`/provider/confirm-patient\\?appointmentId=${appointmentId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm who is checking in' })).toBeVisible();
    await expect(page.getByText('Please check that this is you before you start.')).toBeVisible();
    await expect(page.getByTestId('confirm-patient-name')).toHaveText(patientName);
    await expect(page.getByTestId('confirm-patient-birthdate')).toHaveText('April 12, 1980');
    await expect(page.getByRole('heading', { level: 2, name: 'Your appointment' })).toBeVisible();
  };

  await pick();
  // Someone else's name: back to the search, nothing started.
  await page.getByRole('button', { name: 'Not me — back to the search' }).click();
  await expect(page).toHaveURL(/\/provider\/patient\/search$/);

  await pick();
  await page.getByRole('button', { name: 'Yes, this is me — start check-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/task\\?appointmentId=${appointmentId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();
  await expect(page.getByTestId('check-in-task')).toContainText('Bring your photo ID');
});
