import type { Page } from '@playwright/test';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { expect, test } from '../fixtures/test.ts';

// Decision 0037 (spec 1 §1, §2): the UnitedMD app, APP_VARIANT=unitedmd. Sign-up always ends at
// /user/unitedmd-schedule, which welcomes the new patient and leads into booking at the home clinic.

const PASSWORD = 'United#Md2026';

async function signUp(page: Page, firstName: string) {
  const tag = uniqueName('u').replace(/[^a-z]/g, '');
  const next = page.getByRole('button', { name: 'Next' });
  await page.goto('/guest/landing');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your name' })).toBeVisible();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(`Rivera ${tag}`);
  await next.click();
  await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
  await page.getByLabel('Email').fill(`${tag}@example.com`);
  await page.getByLabel('Mobile phone').fill('2125550142');
  await page.getByLabel('Date of birth').fill('1988-03-09');
  await page.getByLabel('Legal sex').selectOption('female');
  await next.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your login details' })).toBeVisible();
  await page.getByLabel('Username').fill(uniqueName('rosa'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await next.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Security question' })).toBeVisible();
  await page.getByLabel('Security question').fill('First pet?');
  await page.getByLabel('Security answer').fill('Rex the dog');
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('sign-up ends on the UnitedMD welcome, which leads into booking at the home clinic', async ({
  page,
}) => {
  await signUp(page, 'Rosa');

  await expect(page).toHaveURL(/\/user\/unitedmd-schedule$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to UnitedMD, Rosa' })).toBeVisible();
  await expect(page).toHaveTitle(/UnitedMD/);
  // The new patient belongs to the home clinic (the demo clinic) and sees its visit kinds and providers.
  const kinds = page.getByRole('region', { name: 'What kind of visit do you need?' });
  await expect(kinds.getByRole('link', { name: 'Book: In person' })).toBeVisible();
  await expect(kinds.getByRole('link', { name: 'Book: Telehealth' })).toBeVisible();
  const providers = page.getByRole('region', { name: 'Our providers' });
  await expect(providers.getByRole('heading', { level: 3, name: /Alice Smith/ })).toBeVisible();

  await page.getByRole('link', { name: 'Schedule an appointment' }).click();
  await expect(page).toHaveURL(/\/user\/appointment\/create\?clinicUuid=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a provider' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Schedule now with .*Alice Smith/ })).toBeVisible();
});

test('a visit kind opens booking with that kind chosen; Skip for now goes to the appointments', async ({
  page,
}) => {
  await signUp(page, 'Lena');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to UnitedMD, Lena' })).toBeVisible();

  await page.getByRole('link', { name: 'Book: Telehealth' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a provider' })).toBeVisible();
  const visitType = page.getByLabel('Visit Type');
  await expect(visitType.locator('option:checked')).toHaveText('Telehealth');

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to UnitedMD, Lena' })).toBeVisible();
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
});
