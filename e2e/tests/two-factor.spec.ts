import { test, expect } from '../fixtures/test.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { messageIds, waitForCode } from '../fixtures/outbox.ts';

test('john.twofactor completes login with the code from the outbox', async ({ page, request }) => {
  const seen = await messageIds(request, DEMO.twoFactorEmail);
  await page.goto('/guest/login');
  await submitLogin(page, DEMO.twoFactorPatient);

  await expect(page).toHaveURL(/\/guest\/two-factor-login/);
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await expect(page.getByText('Please enter the code sent via text message and/or email')).toBeVisible();
  await expect(page.getByText('Code has been sent')).toBeVisible();
  const next = page.getByRole('button', { name: 'NEXT' });
  await expect(next).toBeDisabled();

  const code = await waitForCode(request, DEMO.twoFactorEmail, seen);
  const field = page.getByLabel('VERIFICATION CODE:');
  await expect(field).toHaveAttribute('placeholder', 'Enter code');
  await field.fill(code.slice(0, 5));
  await expect(next).toBeDisabled();
  await field.fill(code);
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page).toHaveURL(/\/user\/appointment\?cameFrom=login/);
});

test('wrong codes show the error and a sixth try is refused', async ({ page, request }) => {
  const seen = await messageIds(request, DEMO.twoFactorEmail);
  await page.goto('/guest/login');
  await submitLogin(page, DEMO.twoFactorPatient);
  await expect(page).toHaveURL(/\/guest\/two-factor-login/);
  const code = await waitForCode(request, DEMO.twoFactorEmail, seen);
  const wrong = code === '000000' ? '111111' : '000000';

  const field = page.getByLabel('VERIFICATION CODE:');
  const next = page.getByRole('button', { name: 'NEXT' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await field.fill(wrong);
    await next.click();
    await expect(page.getByRole('alert')).toContainText('The verification code is incorrect or has expired.');
    await field.fill('');
  }
  // Even the right code is refused once five wrong ones were tried on this login.
  await field.fill(code);
  await next.click();
  await expect(page.getByRole('alert')).toContainText(
    'Too many wrong codes. Please log in again to get a new code.',
  );
  await expect(page).toHaveURL(/\/guest\/two-factor-login/);
});

test('Send a New Code sends a fresh code and Cancel returns to the login page', async ({ page, request }) => {
  const seen = await messageIds(request, DEMO.twoFactorEmail);
  await page.goto('/guest/login');
  await submitLogin(page, DEMO.twoFactorPatient);
  const first = await waitForCode(request, DEMO.twoFactorEmail, seen);

  const seenAfterFirst = await messageIds(request, DEMO.twoFactorEmail);
  await page.getByRole('button', { name: 'Send a New Code' }).click();
  await expect(page.getByRole('status')).toContainText('Code has been sent');
  const second = await waitForCode(request, DEMO.twoFactorEmail, seenAfterFirst);
  expect(second).toMatch(/^\d{6}$/);
  expect(first).toMatch(/^\d{6}$/);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/guest\/login/);
});
