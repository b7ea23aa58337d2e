import { test, expect } from '../fixtures/test.ts';
import { AccessibilityWatch } from '../fixtures/accessibility.ts';
import { newContextOnSuiteClock } from '../fixtures/clock.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';

// Issue 19 item 10 (decision 0061): the sessions and devices of account settings. A login test: both
// windows use the login form, so each session records its own browser.
const PASSWORD = 'Sessions#Pass2026';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test('a patient signed in twice sees both sessions and signs the other device out', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const username = uniqueName('sessions.patient');
  await createUser(request, {
    username,
    password: PASSWORD,
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
  });

  // The other device: a phone, in a window of its own.
  const phoneContext = await newContextOnSuiteClock(browser, { baseURL, userAgent: ANDROID_CHROME });
  const phone = await phoneContext.newPage();
  const phoneAxe = new AccessibilityWatch(phone);
  await phone.goto('/guest/login');
  await submitLogin(phone, username, PASSWORD);
  await expect(phone).toHaveURL(/\/user\/appointment/);
  await expect(phone.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();

  await page.goto('/guest/login');
  await submitLogin(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await page.goto('/user/account-settings');
  const section = page.getByRole('region', { name: 'Sessions and devices' });
  await expect(section.getByRole('heading', { name: 'Sessions and devices' })).toBeVisible();
  const rows = section.getByTestId('account-session');
  await expect(rows).toHaveCount(2);
  // The badge, not the row's 'Sign out this device' button.
  const thisDevice = page.getByText('This device', { exact: true });
  await expect(rows.filter({ has: thisDevice })).toHaveCount(1);
  const phoneRow = rows.filter({ hasText: 'Chrome on Android' });
  await expect(phoneRow).toHaveCount(1);
  await expect(phoneRow.filter({ has: thisDevice })).toHaveCount(0);

  await section.getByRole('button', { name: 'Sign out Chrome on Android' }).click();
  await expect(section.getByRole('status')).toHaveText('The device was signed out.');
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ has: thisDevice })).toHaveCount(1);

  // The phone's session has ended: its next request is refused, and the phone treats it as a lost
  // session (decision 0064): the patient login, saying so, remembering where the person was.
  await phone.goto('/user/account-settings');
  await expect(phone).toHaveURL(/\/guest\/login$/);
  await expect(phone.getByRole('heading', { level: 1, name: /^Log in to / })).toBeVisible();
  await expect(phone.getByRole('status').filter({ hasText: 'Your session has ended.' })).toHaveText(
    'Your session has ended. Please log in again.',
  );
  await expect(phone.getByLabel('Username')).toBeVisible();
  await expect(phone.getByText('Authentication is required.')).toHaveCount(0);
  // Logging in again brings the phone back to the screen it was on.
  await submitLogin(phone, username, PASSWORD);
  await expect(phone).toHaveURL(/\/user\/account-settings$/);
  await expect(
    phone.getByRole('region', { name: 'Sessions and devices' }).getByTestId('account-session'),
  ).toHaveCount(2);
  expect((await phoneAxe.finish()).findings).toEqual([]);
  await phoneContext.close();
});

test('a provider reaches the same sessions section in their account settings', async ({ page }) => {
  await signInByApi(page, DEMO.provider, { open: '/provider/account-settings' });
  const section = page.getByRole('region', { name: 'Sessions and devices' });
  const thisDevice = page.getByText('This device', { exact: true });
  await expect(section.getByTestId('account-session').filter({ has: thisDevice })).toHaveCount(1);
});
