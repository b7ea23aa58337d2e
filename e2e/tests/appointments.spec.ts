import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { submitLogin } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';

// spec 2 §2 patient appointment list, "Summary and details"; §4 Cancel; §5 booking from a login link;
// §6 cancel, video and waitlist rules, provider extras; §8 cancel dialog and convert texts.

const PASSWORD = 'Patient#Pass2026';
const SECURITY = { securityQuestion: 'First pet?', securityAnswer: 'Rex the dog' };

async function newPatient(request: APIRequestContext, prefix = 'appt.patient') {
  const username = uniqueName(prefix);
  const user = await createUser(request, {
    username,
    password: PASSWORD,
    firstName: 'Paula',
    lastName: 'Patient',
    email: `${username}@example.com`,
    ...SECURITY,
    clinicNumbers: [1001],
  });
  return { username, id: user.id, email: `${username}@example.com` };
}

test('a patient without appointments sees the empty list and the Schedule appointment action', async ({
  page,
  request,
}) => {
  const patient = await newPatient(request);
  await page.goto('/guest/login');
  await submitLogin(page, patient.username, PASSWORD);
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await expect(page.getByText('You have no appointments yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Schedule appointment' }).click();
  await expect(page).toHaveURL(/\/user\/appointment\/create$/);
});
