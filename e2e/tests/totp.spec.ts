import { Secret, TOTP } from 'otpauth';
import { test, expect } from '../fixtures/test.ts';
import { submitLogin } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { suiteNow } from '../fixtures/clock.ts';

// An authenticator app (TOTP) as a second factor, set up in account settings (decision 0012). The
// test computes the codes with the same library an authenticator app would use.
const PASSWORD = 'Patient#Pass2026';

function codeFor(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: suiteNow() + offsetSteps * 30_000,
  });
}

test('a patient sets up an authenticator app, then logs in with its code', async ({ page, request }) => {
  const username = uniqueName('totp.patient');
  await createUser(request, {
    username,
    password: PASSWORD,
    firstName: 'Tina',
    lastName: 'Totp',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
  });
  await page.goto('/guest/login');
  await submitLogin(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/user\/appointment/);

  // spec 1 §2 patient side menu: Account settings /user/account-settings.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/user\/account-settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByText('Tina Totp')).toBeVisible();
  await expect(page.getByText(`${username}@example.com`)).toBeVisible();
  await expect(page.getByText('The authenticator app is off.')).toBeVisible();

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const field = page.getByLabel('Code from the app');
  await field.fill(codeFor(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not correct. Please try again.');
  await field.fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('status')).toContainText(
    'The authenticator app is on. We will ask for its code when you log in.',
  );
  await expect(page.getByText('The authenticator app is on.', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/guest\/landing/);

  // The login now asks for the app's code on the two-factor screen; nothing is sent, so no resend.
  await page.goto('/guest/login');
  await submitLogin(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/guest\/two-factor-login/);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await expect(page.getByText('Please enter the code from your authenticator app')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a New Code' })).toHaveCount(0);
  // The code used to turn it on cannot be used again: the app's next code is.
  await page.getByLabel('VERIFICATION CODE:').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'NEXT' }).click();
  await expect(page).toHaveURL(/\/user\/appointment\?cameFrom=login/);
});
