import type { APIRequestContext } from '@playwright/test';
import { createClinic, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { submitLogin } from '../fixtures/demo.ts';
import { expect, test } from '../fixtures/test.ts';

// spec 1 §2 Security page ({role}/security), §4 Security save, §5 Security page rules, §6 doctor
// password policy; issue 3 item 3.

async function doctorNeedingSecurity(request: APIRequestContext) {
  const clinic = await createClinic(request, { name: uniqueName('Security Clinic') });
  const username = uniqueName('dr.sec');
  await createUser(request, {
    memberType: 'doctor',
    username,
    password: 'Doctor#Start1',
    lastName: 'Secure',
    email: `${username}@example.com`,
    securityQuestion: null,
    isResetPasswordRequired: true,
    clinicNumbers: [clinic.clinicNumber],
    permissions: ['APPOINTMENTS'],
  });
  return username;
}

test('a provider sets a new password and a question on provider/security, with the doctor hint', async ({
  page,
  request,
}) => {
  const username = await doctorNeedingSecurity(request);
  await page.goto('/guest/provider-login');
  await submitLogin(page, username, 'Doctor#Start1');
  await expect(page).toHaveURL(/\/provider\/security$/);
  await expect(
    page.getByText('Use 8 or more characters with a mix of letters, numbers & symbols'),
  ).toBeVisible();
  await expect(page.getByText('Please set a new password of a minimum of 8 characters.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  const save = page.getByRole('button', { name: 'Save' });
  await page.getByLabel('New password').fill('Doctor#Next2');
  await page.getByLabel('Confirm password').fill('Doctor#Next2');
  await page.getByLabel('Security question').fill('Favourite ward?');
  // spec 1 §5: both or neither.
  await expect(page.getByText('Both security question and reply should be provided')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Answer').fill('Cardiology');
  await save.click();
  await expect(page).toHaveURL(/\/provider\/appointment$/);

  // Logging in again with the new password no longer stops at the security page.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/guest\/landing$/);
  await page.goto('/guest/provider-login');
  await submitLogin(page, username, 'Doctor#Next2');
  await expect(page).toHaveURL(/\/provider\/appointment\?cameFrom=login$/);
});

test('the provider security page shows the server policy error and can log out', async ({
  page,
  request,
}) => {
  const username = await doctorNeedingSecurity(request);
  await page.goto('/guest/provider-login');
  await submitLogin(page, username, 'Doctor#Start1');
  await expect(page).toHaveURL(/\/provider\/security$/);
  await page.getByLabel('New password').fill('lettersonly');
  await page.getByLabel('Confirm password').fill('lettersonly');
  await page.getByLabel('Security question').fill('Favourite ward?');
  await page.getByLabel('Answer').fill('Cardiology');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Use 8 or more characters with a mix of letters, numbers & symbols',
  );
  await expect(page).toHaveURL(/\/provider\/security$/);
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/guest\/landing$/);
});

test('a patient with an empty question sets one; a pending booking continues after saving', async ({
  page,
  request,
}) => {
  const username = uniqueName('sec.patient');
  await createUser(request, { username, password: 'Patient#Pass1', securityQuestion: null });
  const booking = new URLSearchParams({
    clinicUuid: 'c1',
    consultationTypeId: 'ct1',
    departmentId: 'd1',
    doctorId: 'p1',
    startAt: '2026-12-01 09:00:00',
    finishAt: '2026-12-01 09:30:00',
    appointmentComment: 'Check-up',
  });
  await page.goto(`/guest/login?${booking.toString()}`);
  await submitLogin(page, username, 'Patient#Pass1');
  await expect(page).toHaveURL(/\/user\/security\?/);
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await page.getByLabel('Security question').fill('Street you grew up on?');
  await page.getByLabel('Answer').fill('Elm');
  await page.getByLabel('Answer').blur();
  await expect(page.getByText('The answer should be 6 to 100 characters.')).toBeVisible();
  await page.getByLabel('Answer').fill('Elm Street');
  // The appointment list books from the link at once and clears its params (spec 2 §5), so the
  // landing is read from the navigation itself.
  const landings: URL[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/user/appointment') {
      landings.push(new URL(frame.url()));
    }
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => landings.length).toBeGreaterThan(0);
  const [url] = landings;
  expect(url?.searchParams.get('appointmentComment')).toBe('Check-up');
  expect(url?.searchParams.get('cameFrom')).toBe('login');
  // Made-up ids cannot be booked: the list stays, without the link's params.
  await expect(page).toHaveURL(/\/user\/appointment$/);
});
