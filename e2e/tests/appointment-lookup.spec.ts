import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { DEMO } from '../fixtures/demo.ts';
import { createUser } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';

// Issue 17 item 2 (decision 0041), spec 3 §2 "Look up patient for appointment", §6 APPOINTMENTS:
// dr.limited holds only APPOINTMENTS. "Schedule a new appointment" takes him to the look-up (not the
// patient search, which needs PATIENT); he finds a patient of clinic 1001 by name and date of birth,
// books a visit for them and sees it in the clinic's appointments. The patient chart stays closed.

/** Letters only (the name rule), distinct per run. */
function lettersOnly(prefix: string): string {
  return `${prefix}${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;
}

async function newPatient(request: Parameters<typeof createUser>[0], lastName: string) {
  return createUser(request, {
    firstName: 'Rita',
    lastName,
    birthdate: '1990-12-24',
    mobilePhone: '+12125550188',
    clinicNumbers: [1001],
  });
}

async function lookUp(page: Page, lastName: string) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Look up patient for appointment' }),
  ).toBeVisible();
  await page.getByLabel('Patient name').fill(lastName);
  await page.getByLabel('Date of birth').fill('1990-12-24');
  await page.getByRole('button', { name: 'Search' }).click();
}

test('dr.limited looks up a patient, books a visit for them and sees it in the clinic list', async ({
  page,
  request,
}) => {
  const lastName = lettersOnly('Lookup');
  const patient = await newPatient(request, lastName);
  await signInByApi(page, DEMO.limitedProvider, { open: '/provider/appointment' });

  // The schedule's link leads to the look-up, which he may use.
  await page.getByRole('main').getByRole('link', { name: 'Schedule a new appointment' }).click();
  await expect(page).toHaveURL(/\/provider\/appointment\/search-patient$/);
  await expect(page.getByText('You do not have access to view patient details.')).toHaveCount(0);
  // Registering a patient needs PATIENT: no link for him.
  await expect(page.getByRole('link', { name: 'Register patient' })).toHaveCount(0);

  // Too little to search: the hint, no request.
  await page.getByLabel('Patient name').fill('R');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByText('Type at least 2 characters of a name, or a date of birth.').first(),
  ).toBeVisible();

  await lookUp(page, lastName);
  const results = page.getByRole('region', { name: 'Patients' });
  const row = results.getByRole('listitem').filter({ hasText: `Rita ${lastName}` });
  await expect(row).toContainText('Born Dec 24, 1990');
  // Only what booking needs: no member ID, no phone.
  await expect(results).not.toContainText('Member ID');
  await expect(results).not.toContainText('555');
  await row.getByRole('button', { name: `Schedule for Rita ${lastName}` }).click();

  // The provider-select page with the patient (spec 3 §2), saying for whom the visit is booked.
  await expect(page).toHaveURL(
    new RegExp(
      `/provider/patient/${patient.id}/appointments/create\\?clinicUuid=[\\w-]+&userId=${patient.id}&patientId=${patient.id}&birthDate=1990-12-24$`,
    ),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a provider' })).toBeVisible();
  await expect(page.getByText(`Booking for Rita ${lastName}`)).toBeVisible();

  await page.getByLabel('State').selectOption({ label: 'New York' });
  await page.getByLabel('Insurance').selectOption({ label: 'Aetna' });
  await page.getByLabel('Specialty').selectOption({ label: 'Family medicine' });
  await page.getByLabel('Visit Type').selectOption({ label: 'In person' });
  await page.getByRole('button', { name: 'Schedule now with Alice Smith' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Choose the visit' })).toBeVisible();
  await expect(page.getByText(`Booking for Rita ${lastName}`)).toBeVisible();
  await page.getByRole('radio', { name: 'Follow-up' }).check();
  await page.getByRole('button', { name: 'CONFIRM' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button')
    .filter({ hasNotText: /unavailable/ })
    .first()
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your appointment' })).toBeVisible();
  await expect(page.getByText(`Booking for Rita ${lastName}`)).toBeVisible();
  await page.getByLabel('Reason for visit').fill('Yearly check');
  await page.getByRole('button', { name: 'SCHEDULE NOW' }).click();
  await expect(page.getByRole('heading', { name: 'Appointment(s) scheduled!' })).toBeVisible();
  await expect(page.getByText('Alice Smith').first()).toBeVisible();

  // He sees the visit among the clinic's appointments, by the patient's name.
  await page.goto('/provider/appointments');
  const filters = page.getByRole('region', { name: 'Filter appointments' });
  // The form takes the range the server answered: type once that answer is in.
  await expect(page.getByText(/ appointments? from /)).toBeVisible();
  await filters.getByLabel('Patient name').fill(lastName);
  await expect(filters.getByLabel('Patient name')).toHaveValue(lastName);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${lastName}`));
  const table = page.getByRole('table', { name: /^Appointments from / });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const booked = table.locator('tbody').getByRole('row');
  await expect(booked).toHaveCount(1);
  await expect(booked.first()).toContainText(`Rita ${lastName}`);
  await expect(booked.first()).toContainText('Alice Smith');

  // PATIENT still gates the chart.
  await page.goto(`/provider/patient/${patient.id}/appointments`);
  await expect(page.getByText('You do not have access to view patient details.')).toBeVisible();
});

test("the header's new-appointment action leads dr.limited to the look-up too", async ({ page }) => {
  await signInByApi(page, DEMO.limitedProvider, { open: '/provider/appointment' });
  await page.getByRole('banner').getByRole('link', { name: 'Schedule a new appointment' }).click();
  await expect(page).toHaveURL(/\/provider\/appointment\/search-patient$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Look up patient for appointment' }),
  ).toBeVisible();
  // On the look-up itself the action would only reopen it.
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Schedule a new appointment' }),
  ).toHaveCount(0);
});

test('a provider with PATIENT keeps the patient search for a new appointment', async ({ page }) => {
  await signInByApi(page, DEMO.provider, { open: '/provider/appointment' });
  await page.getByRole('main').getByRole('link', { name: 'Schedule a new appointment' }).click();
  await expect(page).toHaveURL(/\/provider\/search-patient$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient search' })).toBeVisible();
});
