import type { APIRequestContext, Page } from '@playwright/test';
import type { FixtureUser } from '@app/contracts/dev-fixtures';
import { createClinic, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { latestMessages } from '../fixtures/outbox.ts';
import { expect, test } from '../fixtures/test.ts';

// spec 1 §2 Doctor registration with pin code, Provider self-registration, Clinic login; §4; issue 3.

async function importedDoctor(
  request: APIRequestContext,
  clinicCount: number,
  permissions: FixtureUser['permissions'],
) {
  const clinics = [];
  for (let i = 0; i < clinicCount; i++) {
    clinics.push(await createClinic(request, { name: uniqueName(`Care Center ${i + 1}`) }));
  }
  const lastName = uniqueName('Newhire').replace('.', '');
  const email = `${lastName.toLowerCase()}@example.com`;
  await createUser(request, {
    memberType: 'doctor',
    username: null,
    password: null,
    securityQuestion: null,
    lastName,
    email,
    clinicNumbers: clinics.map((c) => c.clinicNumber),
    permissions,
  });
  return { lastName, email, clinics };
}

async function readPin(request: APIRequestContext, email: string): Promise<string> {
  await expect
    .poll(async () => (await latestMessages(request, email)).some((m) => m.purpose === 'provider-pin-code'))
    .toBe(true);
  const message = (await latestMessages(request, email)).find((m) => m.purpose === 'provider-pin-code');
  const pin = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
  if (!pin) {
    throw new Error('no pin');
  }
  return pin;
}

async function finishRegistration(page: Page, request: APIRequestContext, email: string) {
  await expect(page).toHaveURL(/\/guest\/doctor-registration\/pin-code$/);
  await page.getByLabel('Pin code').fill(await readPin(request, email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/provider\/auth-data$/);
  await expect(
    page.getByText('Providers created via the electronic health record should be imported from it'),
  ).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(uniqueName('dr'));
  await page.getByLabel('Password', { exact: true }).fill('Doctor#Pass1');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Confirm password', { exact: true }).fill('Doctor#Pass1');
  await next.click();
  await expect(page).toHaveURL(/\/provider\/security-question$/);
  await page.getByLabel('Security question').fill('First clinic?');
  await page.getByLabel('Reply').fill('Main street');
  await page.getByRole('button', { name: 'Save' }).click();
}

test('a doctor in one clinic registers with a pin code and lands on provider/message', async ({
  page,
  request,
}) => {
  const doctor = await importedDoctor(request, 1, ['MESSAGE']);
  await page.goto('/guest/doctor-registration');
  await page.getByLabel('Last name').fill(doctor.lastName);
  await page.getByLabel('Email').fill(doctor.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await finishRegistration(page, request, doctor.email);
  await expect(page).toHaveURL(/\/provider\/message$/);
});

test('a doctor in several clinics chooses a Care Center and lands on provider/appointments', async ({
  page,
  request,
}) => {
  // Without MESSAGE the landing is the clinic's appointment list (spec 1 §2, decision 0039).
  const doctor = await importedDoctor(request, 2, ['APPOINTMENTS']);
  await page.goto('/guest/doctor-registration');
  await page.getByLabel('Last name').fill(doctor.lastName);
  await page.getByLabel('Email').fill(doctor.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/guest\/doctor-registration\/options$/);
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByRole('radio').first().check();
  await next.click();
  await finishRegistration(page, request, doctor.email);
  await expect(page).toHaveURL(/\/provider\/appointments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Filter appointments' })).toBeVisible();
  // A new Care Center has no appointments yet.
  await expect(
    page.getByRole('heading', { level: 2, name: 'No appointments match these filters.' }),
  ).toBeVisible();
});

test('a clinic logs in with its Clinic ID and master password', async ({ page, request }) => {
  const clinic = await createClinic(request, { name: uniqueName('Kiosk'), masterPassword: 'Clinic#Master1' });
  await page.goto('/guest/clinic-login');
  await expect(page.getByRole('heading', { name: 'Log in with your Clinic ID' })).toBeVisible();
  await page.getByLabel('Clinic Id').fill(String(clinic.clinicNumber));
  await page.getByLabel('Master Password', { exact: true }).fill('Wrong#1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid Clinic ID and master password combination');
  await page.getByLabel('Master Password', { exact: true }).fill('Clinic#Master1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/provider\//);
});
