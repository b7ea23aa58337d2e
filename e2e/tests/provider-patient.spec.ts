import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';

// spec 2 §2 provider new-patient registration and provider view of one patient's appointments;
// §4 provider-to-patient switch; §6 provider screens need a provider token.
test.use({ portalEnv: { APP_VARIANT: 'care-manager' } });

const PASSWORD = 'Provider#Pass2026';

async function providerLogin(page: Page, username: string, password?: string) {
  await page.goto('/guest/provider-login');
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(/\/provider\//);
}

/** Letters only (spec 1 §5 name rule), distinct per run. */
function lettersOnly(prefix: string): string {
  return `${prefix}${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;
}

test('dr.smith registers a new patient, acts as them on the booking start, and returns', async ({ page }) => {
  await providerLogin(page, DEMO.provider);
  await page.goto('/provider/patient-create');
  await expect(page.getByRole('heading', { level: 1, name: 'New Patient Registration' })).toBeVisible();
  // dr.smith works for one clinic: there is no other clinic to go back to.
  await expect(page.getByRole('link', { name: 'Back to choose another clinic' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();

  // The sign-up rules apply: a one-letter name is refused before anything is sent.
  const lastName = lettersOnly('Newpatient');
  await page.getByLabel('First name').fill('N');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field should be valid and 2 characters minimum').first()).toBeVisible();

  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill('1984-06-15');
  await page.getByLabel('Legal sex').selectOption('female');
  await page.getByLabel('Mobile phone').fill('2125550147');
  await page.getByRole('button', { name: 'Save' }).click();

  // spec 2 §2: the landing after a provider registers a new patient.
  await expect(page).toHaveURL(/\/user\/appointment\/create$/);
  await expect(page.getByText('You are acting for this patient as a provider.')).toBeVisible();
  const patientId = await page.evaluate(() => localStorage.getItem('id'));
  expect(patientId).toBeTruthy();

  await page.getByRole('button', { name: 'Return to provider' }).click();
  await expect(page).toHaveURL(/\/provider\/patient-create/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Patient Registration' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('memberType'))).toBe('doctor');

  // Registering the same person again at the clinic is refused with a clear message.
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill('1984-06-15');
  await page.getByLabel('Legal sex').selectOption('female');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('is already registered at this clinic');

  // The new patient's page: name, no appointments yet, and the switch from there.
  await page.goto(`/provider/patient/${patientId ?? ''}/appointments`);
  await expect(page.getByRole('heading', { level: 1, name: `Nadia ${lastName}` })).toBeVisible();
  await expect(page.getByText('No upcoming appointments.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Schedule appointment' })).toHaveAttribute(
    'href',
    `/provider/patient/${patientId ?? ''}/appointments/create`,
  );
  await page.getByRole('button', { name: 'Switch to patient' }).click();
  await expect(page).toHaveURL(/\/user\/appointment\/create$/);
  // Logging out of the patient side returns to the provider too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${patientId ?? ''}/appointments`));
  await expect(page.getByRole('heading', { level: 1, name: `Nadia ${lastName}` })).toBeVisible();
});

test('a provider without access to the patient sees the access text', async ({ page, request }) => {
  const patient = await createUser(request, {
    firstName: 'Olga',
    lastName: 'Other',
    birthdate: '1970-01-01',
    clinicNumbers: [1001],
  });
  const username = uniqueName('dr.noaccess');
  await createUser(request, {
    memberType: 'doctor',
    username,
    password: PASSWORD,
    firstName: 'Nora',
    lastName: 'Noaccess',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
    permissions: ['MESSAGE'],
  });
  await providerLogin(page, username, PASSWORD);
  await page.goto(`/provider/patient/${patient.id}/appointments`);
  await expect(page.getByText('You do not have access to view patient details.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch to patient' })).toHaveCount(0);
});

test('a provider screen without a provider token goes to the provider login and back', async ({ page }) => {
  await page.goto('/provider/patient-create');
  await expect(page).toHaveURL(/\/guest\/provider-login\?redirectTo=%2Fprovider%2Fpatient-create/);
  await submitLogin(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/patient-create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Patient Registration' })).toBeVisible();
});
