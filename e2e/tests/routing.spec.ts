import { test, expect } from '../fixtures/test.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';

test('a guest at / lands on the landing page and LOG IN leads to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/guest\/landing$/);
  await page.getByRole('link', { name: 'LOG IN' }).click();
  await expect(page).toHaveURL(/\/guest\/login$/);
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('an unknown path sends a guest to the landing page', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/guest\/landing$/);
});

test('a guest opening a patient screen logs in and arrives where they wanted', async ({ page }) => {
  await page.goto('/user/appointment');
  await expect(page).toHaveURL(/\/guest\/login/);
  await submitLogin(page, DEMO.patient);
  await expect(page).toHaveURL(/\/user\/appointment(\?|$)/);
});

test('a guest opening a provider screen is sent to the provider login with redirectTo', async ({ page }) => {
  await page.goto('/provider/appointment');
  await expect(page).toHaveURL(/\/guest\/provider-login\?redirectTo=%2Fprovider%2Fappointment/);
});

test('a patient opening a provider screen is sent back to their own area', async ({ page }) => {
  await signInByApi(page, DEMO.patient);
  await expect(page).toHaveURL(/\/user\/appointment/);
  await page.goto('/provider/appointment');
  await expect(page).toHaveURL(/\/user\/appointment/);
});

test('the general pages show their texts', async ({ page }) => {
  await page.goto('/self-closing');
  await expect(page.getByText("You're all set! Your connection was successful.")).toBeVisible();
  await page.goto('/general/error-page');
  await expect(page.getByText('Page not found!')).toBeVisible();
});
