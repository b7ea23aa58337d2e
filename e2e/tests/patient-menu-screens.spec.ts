import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { createAppointment, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi, signInNewUser } from '../fixtures/session.ts';
import { connectFamilyMember, createCheckInWorld } from '../fixtures/check-in-world.ts';

// Issue 16: the patient side menu's "Change appointment" (/user/choose-appointment, into the
// reschedule) and "Switch patient" (/user/switch-patient, the family switch), and bad input in the
// confirm and choose flows (decision 0036). Runs in the care-plan project.

const PASSWORD = 'Patient#Menu2026';

async function openFromMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: item }).click();
}

/** A patient of the demo clinic with someone else's appointment id to try. */
async function someoneElsesAppointment(page: Page): Promise<string> {
  const username = uniqueName('other');
  const other = await createUser(page.request, {
    username,
    password: PASSWORD,
    email: `${username}@example.com`,
    clinicNumbers: [1001],
  });
  return (await createAppointment(page.request, { userId: other.id, daysAhead: 4 })).id;
}

test('jane changes an appointment from the side menu: she picks it and lands in its reschedule', async ({
  page,
}) => {
  const session = await signInByApi(page, DEMO.patient);
  const appointment = await createAppointment(page.request, { userId: session.tokens.user.id, daysAhead: 3 });
  try {
    await openFromMenu(page, 'Change appointment');
    await expect(page).toHaveURL(/\/user\/choose-appointment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change appointment' })).toBeVisible();
    await expect(page.getByText('Choose the appointment you want to move to another time.')).toBeVisible();
    const upcoming = page.getByRole('list', { name: 'Upcoming appointments' });
    const change = upcoming.locator(`a[href*="cancelAppointmentId=${appointment.id}"]`);
    await expect(change).toHaveText('Change');
    await expect(change).toHaveAccessibleName(/^Change the appointment with Alice Smith.* on /);
    await change.click();

    // The booking flow's reschedule of that very appointment: its provider, visit and location.
    await expect(page).toHaveURL(/\/user\/appointment\/create\/time-slots\?/);
    await expect(page).toHaveURL(new RegExp(`cancelAppointmentId=${appointment.id}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('Alice Smith');
    await expect(main).toContainText('Visit: Follow-up');
    await expect(page.getByRole('group', { name: 'Available times' })).toBeVisible();
  } finally {
    // jane is a shared demo login: her extra visit goes again.
    await page.request.delete(`/api/appointments/${appointment.id}`, {
      headers: { authorization: `Bearer ${session.tokens.access_token}` },
    });
  }
});

test("someone else's appointment id in the change and confirm flows says it was not found", async ({
  page,
}) => {
  const foreign = await someoneElsesAppointment(page);
  await signInByApi(page, DEMO.patient);

  await page.goto(`/user/choose-appointment?appointmentId=${foreign}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Change appointment' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Appointment not found.' })).toBeVisible();
  await page.getByRole('link', { name: 'Choose another appointment' }).click();
  await expect(page).toHaveURL(/\/user\/choose-appointment$/);

  await page.goto(`/user/confirm-patient?appointmentId=${foreign}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm who is checking in' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Appointment not found.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your appointments' })).toBeVisible();
});

test("the kiosk: another clinic's visit says it was not found and goes back to the search", async ({
  page,
  request,
}) => {
  const own = await createCheckInWorld(request, PASSWORD, { taskTitles: ['Bring your photo ID'] });
  const other = await createCheckInWorld(request, PASSWORD, { taskTitles: ['Bring your photo ID'] });
  await signInByApi(page, own.doctor.username, { password: PASSWORD });

  await page.goto(`/provider/confirm-patient?appointmentId=${other.appointmentIds[0] ?? ''}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm who is checking in' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Appointment not found.' })).toBeVisible();
  await expect(page.getByText(`${other.patient.firstName} ${other.patient.lastName}`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the patient search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient search' })).toBeVisible();
});

test('a parent switches to tom.family and mia.family on Switch patient, and back', async ({ page }) => {
  const username = uniqueName('paula');
  const parent = await signInNewUser(page, {
    username,
    password: PASSWORD,
    firstName: 'Paula',
    lastName: 'Parent',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  const primary = { id: parent.id, token: parent.session.tokens.access_token };
  // The demo family logins, linked with their own credentials (they are not changed).
  await connectFamilyMember(page.request, primary, { username: 'tom.family', password: DEMO_PASSWORD });
  await connectFamilyMember(page.request, primary, { username: 'mia.family', password: DEMO_PASSWORD });

  const profiles = page.getByRole('list', { name: 'Profiles' });
  const inUse = profiles.locator('li[aria-current="true"]');
  const notice = page.getByRole('region', { name: "You are using a family member's profile." });

  await openFromMenu(page, 'Switch patient');
  await expect(page).toHaveURL(/\/user\/switch-patient$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Switch patient' })).toBeVisible();
  await expect(profiles.getByRole('listitem')).toHaveCount(3);
  await expect(inUse).toContainText('Paula Parent');
  await expect(inUse).toContainText('Primary account');
  await expect(inUse).toContainText('Active profile');

  // To Tom: a login as Tom, then the default user route.
  await page.getByRole('button', { name: 'Switch to Tom Cooper' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await expect(notice).toBeVisible();
  // Who is checking in is Tom now.
  await page.goto('/user/confirm-patient');
  await expect(page.getByTestId('confirm-patient-name')).toHaveText('Tom Cooper');
  await expect(page.getByTestId('confirm-patient-birthdate')).toHaveText('February 14, 2012');

  await openFromMenu(page, 'Switch patient');
  await expect(inUse).toContainText('Tom Cooper');
  // From Tom straight to Mia (through the primary session, spec 3 §4).
  await page.getByRole('button', { name: 'Switch to Mia Cooper' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await expect(notice).toBeVisible();
  await openFromMenu(page, 'Switch patient');
  await expect(inUse).toContainText('Mia Cooper');

  // And back to the primary account.
  await page.getByRole('button', { name: 'Switch back to Paula Parent' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('id'))).toBe(parent.id);
  await openFromMenu(page, 'Switch patient');
  await expect(inUse).toContainText('Paula Parent');
  await expect(profiles.getByRole('button', { name: 'Switch to Tom Cooper' })).toBeVisible();
});

test('Switch patient without family members says so and offers to add one', async ({ page }) => {
  const username = uniqueName('solo');
  await signInNewUser(page, {
    username,
    password: PASSWORD,
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  await openFromMenu(page, 'Switch patient');
  await expect(page.getByText('No family members are linked to your account yet.')).toBeVisible();
  await page.getByRole('link', { name: 'ADD FAMILY MEMBER' }).click();
  await expect(page).toHaveURL(/\/user\/family\/connect$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add family member' })).toBeVisible();
});
