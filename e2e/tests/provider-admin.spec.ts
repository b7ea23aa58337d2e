import { test, expect } from '../fixtures/test.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { createClinic, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';

// spec 3 §2 Master password panel (§4 reset), Wait times panel (§4 buffer, §5 minutes sent as
// seconds), the Newsfeed, Worklist (flows), Follow Up List and Tracker routes.

test('a provider with SETTING resets the clinic master password and sees the new one', async ({
  page,
  request,
}) => {
  // A clinic of its own: resetting the demo clinic's password would change other tests' clinic login.
  const clinic = await createClinic(request, {
    name: uniqueName('Reset clinic'),
    masterPassword: 'Fixture#Master1',
  });
  const username = uniqueName('dr.reset');
  await createUser(request, {
    memberType: 'doctor',
    username,
    password: DEMO_PASSWORD,
    firstName: 'Rita',
    lastName: 'Reset',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [clinic.clinicNumber],
    permissions: ['SETTING'],
  });
  await signInByApi(page, username, { open: '/provider/master-password' });
  await expect(page).toHaveURL(/\/provider\//);

  await expect(page.getByRole('heading', { level: 1, name: 'Master password' })).toBeVisible();
  const shown = page.getByTestId('master-password');
  await expect(shown).toHaveText('Fixture#Master1');

  await page.getByRole('button', { name: 'Click to reset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset password?' });
  await expect(dialog).toContainText('Are you sure you want to reset the password?');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(shown).toHaveText('Fixture#Master1');

  await page.getByRole('button', { name: 'Click to reset' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect(shown).not.toHaveText('Fixture#Master1');
  const fresh = (await shown.textContent()) ?? '';
  expect(fresh).toHaveLength(16);
  await page.reload();
  await expect(page.getByTestId('master-password')).toHaveText(fresh);
});

test('dr.smith edits a wait-time buffer, which is still there after a reload', async ({ page }) => {
  await signInByApi(page, DEMO.provider, { open: '/provider/wait-times' });
  await expect(page).toHaveURL(/\/provider\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Wait times' })).toBeVisible();
  const department = page.getByLabel('Choose department:');
  await department.selectOption({ label: 'Lakeside Clinic' });
  const buffer = page.getByLabel('Buffer:');
  await expect(buffer).toHaveJSProperty('readOnly', true);

  await page.getByRole('button', { name: 'Edit buffer' }).click();
  await expect(buffer).toHaveJSProperty('readOnly', false);
  await buffer.fill('-5');
  await page.getByRole('button', { name: 'Confirm buffer' }).click();
  await expect(page.getByText('Enter whole minutes from 0 to 1440.')).toBeVisible();
  await buffer.fill('15');
  // The buffer's own call (the device registration also sends a PUT when the signed-in area opens).
  const saved = page.waitForResponse(
    (response) => response.url().includes('/waiting-times/') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Confirm buffer' }).click();
  // spec 3 §5: minutes are sent as seconds.
  expect((await saved).request().postDataJSON()).toEqual({ bufferTime: 900 });
  await expect(buffer).toHaveJSProperty('readOnly', true);
  await expect(buffer).toHaveValue('15');

  await page.reload();
  await page.getByLabel('Choose department:').selectOption({ label: 'Lakeside Clinic' });
  await expect(page.getByLabel('Buffer:')).toHaveValue('15');
});

test('news, follow-ups, tracker and the worklist render; a flow is created', async ({ page }) => {
  await signInByApi(page, DEMO.provider, { open: '/provider/news' });
  await expect(page).toHaveURL(/\/provider\//);

  await expect(page.getByRole('heading', { level: 1, name: 'Newsfeed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Flu shots are in' })).toBeVisible();

  await page.goto('/provider/follow-ups');
  await expect(page.getByRole('heading', { level: 1, name: 'Follow Up List' })).toBeVisible();
  await expect(page.getByText('Blood sugar 190 mg/dL before a meal.')).toBeVisible();

  await page.goto('/provider/patient-navigation');
  await expect(page.getByRole('heading', { level: 1, name: 'Tracker' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Jane Cooper' })).toBeVisible();

  await page.goto('/provider/flows');
  await expect(page.getByRole('heading', { level: 1, name: 'Worklist' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Restock vaccine fridge' })).toBeVisible();
  const title = uniqueName('Call the lab');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Ask for the missing A1c result.');
  await page.getByRole('button', { name: 'Create flow' }).click();
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await page.getByRole('button', { name: `Mark "${title}" done` }).click();
  await expect(page.getByRole('button', { name: `Reopen "${title}"` })).toBeVisible();
});

test('dr.limited gets the no-access text on the worklist and the wait times', async ({ page }) => {
  await signInByApi(page, DEMO.limitedProvider, { open: '/provider/flows' });
  await expect(page).toHaveURL(/\/provider\//);
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await page.goto('/provider/wait-times');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  // The master password is shown to every provider of the clinic; resetting needs SETTING.
  await page.goto('/provider/master-password');
  await expect(page.getByTestId('master-password')).toHaveText('RiversideMaster#1001');
  await expect(page.getByRole('button', { name: 'Click to reset' })).toHaveCount(0);
});
