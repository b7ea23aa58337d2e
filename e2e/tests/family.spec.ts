import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { signInByApi } from '../fixtures/session.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';

// spec 3 §2 Family accounts (care-plan app), §4 family switch, §5 connect rules, §8 failed connect:
// a patient links a family member with the member's own credentials, switches to the member and back,
// and removes the member. Both people are made here, so the test owns its data.
// Runs in the care-plan project (APP_VARIANT=care-plan, playwright.config.ts).

const PASSWORD = 'Family#Pass2026';

async function newPatient(request: APIRequestContext, firstName: string, lastName: string) {
  const username = uniqueName(firstName.toLowerCase());
  const user = await createUser(request, {
    username,
    password: PASSWORD,
    firstName,
    lastName,
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  return { id: user.id, username, name: `${firstName} ${lastName}` };
}

test('a patient connects a family member, switches to them and back, and removes them', async ({
  page,
  request,
}) => {
  const owner = await newPatient(request, 'Paula', 'Primary');
  const member = await newPatient(request, 'Kit', 'Kinsman');

  await signInByApi(page, owner.username, { password: PASSWORD });
  await expect(page).toHaveURL(/\/user\/appointment/);

  await page.goto('/user/family');
  await expect(page.getByRole('heading', { level: 1, name: 'Family profiles' })).toBeVisible();
  await expect(page.getByText('You have not added any family members yet.')).toBeVisible();
  await page.getByRole('link', { name: 'ADD FAMILY MEMBER' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add family member' })).toBeVisible();

  // spec 3 §5: the own username, in any case, is refused.
  await page.getByLabel('Username').fill(owner.username.toUpperCase());
  await expect(page.getByText('You can not connect yourself')).toBeVisible();

  // spec 3 §8: a wrong password resolves to false and nothing happens.
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  const refused = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/users/${owner.id}/family/members`) &&
      response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'CONNECT' }).click();
  expect(await (await refused).json()).toEqual({ connected: false });
  await expect(page).toHaveURL(/\/user\/family\/connect$/);

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'CONNECT' }).click();
  await expect(page).toHaveURL(/\/user\/family$/);
  await expect(page.getByText(member.name, { exact: true })).toBeVisible();

  // Switching = a login as the member, then the default user route with a fresh appointment list.
  await page.getByRole('button', { name: `Switch to ${member.name}` }).click();
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  const notice = page.getByRole('region', { name: "You are using a family member's profile." });
  await expect(notice).toBeVisible();
  // The login data of the active account (spec 1 §4) is the member's.
  expect(await page.evaluate(() => localStorage.getItem('id'))).toBe(member.id);

  // In the member's profile the list offers the way back and no adding or removing.
  await page.goto('/user/family');
  await expect(page.getByRole('button', { name: `Switch back to ${owner.name}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ADD FAMILY MEMBER' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${member.name}` })).toHaveCount(0);

  await page.getByRole('button', { name: `Switch back to ${owner.name}` }).click();
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('id'))).toBe(owner.id);

  await page.goto('/user/family');
  await page.getByRole('button', { name: `Remove ${member.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove family member?' });
  await expect(dialog).toContainText('Should we remove this family member from your list?');
  await dialog.getByRole('button', { name: 'CANCEL' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(member.name, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Remove ${member.name}` }).click();
  await dialog.getByRole('button', { name: 'REMOVE' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You have not added any family members yet.')).toBeVisible();
  await expect(page.getByText(member.name, { exact: true })).toHaveCount(0);
});
