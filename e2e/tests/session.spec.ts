import { test, expect } from '../fixtures/test.ts';
import { DEMO, loginFromLoginPage } from '../fixtures/demo.ts';
import { shortenIdle } from '../fixtures/check-in-session.ts';

test('an idle patient is asked "Are you still here?" and logged out without an answer', async ({ page }) => {
  // The idle override shortens the spec's 1200 s to keep the test quick; the dialog keeps ≥ 20 s.
  await shortenIdle(page, 2);
  await loginFromLoginPage(page, DEMO.patient);
  await expect(page).toHaveURL(/\/user\/appointment/);

  const dialog = page.getByRole('dialog', { name: 'Are you still here?' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('button', { name: 'Yes' })).toBeVisible();
  await expect(page).toHaveURL(/\/guest\/landing/, { timeout: 30_000 });
});

test('answering Yes keeps the patient logged in', async ({ page }) => {
  await shortenIdle(page, 2);
  await loginFromLoginPage(page, DEMO.patient);
  const dialog = page.getByRole('dialog', { name: 'Are you still here?' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/appointment/);
});

test('logging out revokes the session on the server', async ({ page }) => {
  await loginFromLoginPage(page, DEMO.patient);
  await expect(page).toHaveURL(/\/user\/appointment/);
  const token = await page.evaluate(() => {
    for (let index = 0; index < window.sessionStorage.length; index++) {
      const value = window.sessionStorage.getItem(window.sessionStorage.key(index) ?? '') ?? '';
      const match = /"access_?[tT]oken"\s*:\s*"([^"]+)"/.exec(value);
      if (match) {
        return match[1];
      }
    }
    return null;
  });
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/guest\/landing/);

  const response = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(401);
});

test('the selfCheckIn kiosk mode logs out one second after start', async ({ page }) => {
  await loginFromLoginPage(page, DEMO.patient);
  await expect(page).toHaveURL(/\/user\/appointment/);
  await page.evaluate(() => {
    window.localStorage.setItem('appMode', 'selfCheckIn');
  });
  await page.reload();
  // 1 s by the spec; the rest is the reload and the logout call on a busy CI machine.
  await expect(page).toHaveURL(/\/guest\/landing/);
});
