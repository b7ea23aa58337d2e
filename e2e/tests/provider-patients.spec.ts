import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { DEMO } from '../fixtures/demo.ts';
import { createUser } from '../fixtures/dev-fixtures.ts';
import { scanPage } from '../fixtures/accessibility.ts';
import { signInByApi } from '../fixtures/session.ts';

// spec 3 §2 Patient search, Register patient, Patient view shell and its tabs; §8 no-access text.

/** Signed in by API on `open` (this file is not about logging in). */
async function providerLogin(page: Page, open: string, username: string) {
  await signInByApi(page, username, { open });
  await expect(page).toHaveURL(/\/provider\//);
}

/** Letters only (the name rule), distinct per run. */
function lettersOnly(prefix: string): string {
  return `${prefix}${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;
}

test('dr.smith searches a patient, opens the patient view and walks its tabs', async ({ page, request }) => {
  const lastName = lettersOnly('Searchable');
  const patient = await createUser(request, {
    firstName: 'Quinn',
    lastName,
    birthdate: '1981-03-04',
    mobilePhone: '+12125550123',
    clinicNumbers: [1001],
  });
  await providerLogin(page, '/provider/search-patient', DEMO.provider);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient search' })).toBeVisible();
  await page.getByLabel('Name or member ID').fill(`Quinn ${lastName}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Open Quinn ${lastName}` }).click();

  // /provider/patient/{id} redirects to the appointments tab inside the shell.
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${patient.id}/appointments$`));
  await expect(page.getByRole('heading', { level: 1, name: `Quinn ${lastName}` })).toBeVisible();
  await expect(
    page.getByText('This patient does not currently have any scheduled upcoming appointments.'),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'SCHEDULE', exact: true })).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Patient sections' });
  await tabs.getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
  await expect(page.getByText('This patient has not signed any documents yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Questionnaires' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${patient.id}/documents/questionnaires$`));

  await tabs.getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
  await expect(page.getByText('No outstanding balance.')).toBeVisible();

  await tabs.getByRole('link', { name: 'Time recorder' }).click();
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.getByRole('timer')).toContainText('Timer running since');
  // The running timer's screen is not a path of its own, so the watch would not scan it: scan it here.
  expect(await scanPage(page)).toEqual([]);
  await page.getByLabel('Note (optional)').fill('Reviewed the chart');
  await page.getByRole('button', { name: 'Stop timer' }).click();
  await expect(page.getByText(/Reviewed the chart/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();

  await tabs.getByRole('link', { name: 'Address and contacts' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Address and contacts' })).toBeVisible();
  // Issue 18: the phone reads in national form and dials in E.164.
  await expect(page.getByRole('link', { name: '(212) 555-0123' })).toHaveAttribute(
    'href',
    'tel:+12125550123',
  );

  await tabs.getByRole('link', { name: 'Appointments' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${patient.id}/appointments$`));
});

test('"Look up patient for appointment" opens the provider-select page with the patient', async ({
  page,
  request,
}) => {
  const lastName = lettersOnly('Lookup');
  const patient = await createUser(request, {
    firstName: 'Rita',
    lastName,
    birthdate: '1990-12-24',
    clinicNumbers: [1001],
  });
  await providerLogin(page, '/provider/appointment/search-patient', DEMO.provider);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Look up patient for appointment' }),
  ).toBeVisible();
  // The look-up of decision 0041: name and date of birth (no member ID).
  await page.getByLabel('Patient name').fill(lastName);
  await page.getByLabel('Date of birth').fill('1990-12-24');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Schedule for Rita ${lastName}` }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `/provider/patient/${patient.id}/appointments/create\\?clinicUuid=[\\w-]+&userId=${patient.id}&patientId=${patient.id}&birthDate=1990-12-24$`,
    ),
  );
});

test('dr.smith registers a patient and lands on the new patient view', async ({ page }) => {
  const lastName = lettersOnly('Registered');
  await providerLogin(page, '/provider/search-patient', DEMO.provider);
  await page.getByRole('main').getByRole('link', { name: 'Register patient' }).click();
  await expect(page).toHaveURL(/\/provider\/create-patient$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Register patient' })).toBeVisible();
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill('1975-02-11');
  await page.getByLabel('Legal sex').selectOption('female');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/provider\/patient\/[0-9a-f-]{36}\/appointments$/);
  await expect(page.getByRole('heading', { level: 1, name: `Vera ${lastName}` })).toBeVisible();
});

test('dr.limited (APPOINTMENTS only) gets the no-access text on a patient view', async ({
  page,
  request,
}) => {
  const patient = await createUser(request, {
    firstName: 'Lena',
    lastName: lettersOnly('Hidden'),
    birthdate: '1970-01-01',
    clinicNumbers: [1001],
  });
  await providerLogin(page, `/provider/patient/${patient.id}`, DEMO.limitedProvider);
  await expect(page.getByText('You do not have access to view patient details.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Patient sections' })).toHaveCount(0);
  await page.goto(`/provider/patient/${patient.id}/payments`);
  await expect(page.getByText('You do not have access to view patient details.')).toBeVisible();
});
