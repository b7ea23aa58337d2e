import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { apiToken } from '../fixtures/appointments-api.ts';
import { signInByApi } from '../fixtures/session.ts';
import { recurringVisitListResponseSchema } from '@app/contracts/scheduling';

// spec 2 §2 Recurring Visit tab and recurring visit list, §4 recurring booking (each slot created
// separately, a failed one shown red on the summary), §5 the recurring 'Almost done!' text: a
// care-manager provider (dr.smith) books for a patient of clinic 1001.
// Runs in the care-manager project (APP_VARIANT=care-manager, playwright.config.ts).

const PASSWORD = 'Booking#Pass2026';

async function newPatient(request: APIRequestContext) {
  const username = uniqueName('series.patient');
  const user = await createUser(request, {
    username,
    password: PASSWORD,
    firstName: 'Sam',
    lastName: 'Series',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  return { id: user.id, username };
}

test('a care manager books a recurring series; a time taken meanwhile is shown red', async ({
  page,
  request,
}) => {
  const patient = await newPatient(request);
  const rival = await newPatient(request);
  await signInByApi(page, DEMO.provider, { open: `/provider/patient/${patient.id}/appointments/create` });
  await expect(page).toHaveURL(/\/provider\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a provider' })).toBeVisible();

  // The care manager needs only the visit type (spec 2 §5).
  const provider = page.getByRole('button', { name: 'Schedule now with Alice Smith' });
  await provider.click();
  const dialog = page.getByRole('dialog', { name: 'Almost done!' });
  await expect(dialog).toContainText(
    'Please select Visit type in the filter before scheduling the appointment',
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Visit Type').selectOption({ label: 'In person' });

  await page.getByRole('tab', { name: 'Recurring Visit' }).click();
  // The choice goes through the link's query, so it shows a moment after the click.
  await page.getByRole('checkbox', { name: 'Tuesday' }).click();
  await expect(page.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
  await provider.click();
  await expect(dialog).toContainText('Please select number of weeks before scheduling the recurring visits.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('radio', { name: '2 weeks' }).click();
  await expect(page.getByRole('radio', { name: '2 weeks' })).toBeChecked();
  await provider.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Choose the visit' })).toBeVisible();
  // Internal types are offered to the care manager (spec 2 §6).
  await expect(page.getByRole('radio', { name: 'Care coordination call' })).toBeVisible();
  await page.getByRole('radio', { name: 'Follow-up' }).check();
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Available appointments' })).toBeVisible();
  const book = page.getByRole('button', { name: /^Book \d+ visits with Alice Smith$/ }).first();
  await expect(book).toBeVisible();

  // Another patient books the second time of the proposed series through the API, just before BOOK.
  const query = new URL(page.url()).searchParams;
  const providerToken = await apiToken(request, DEMO.provider, DEMO_PASSWORD);
  const search = new URLSearchParams({
    clinicUuid: query.get('clinicUuid') ?? '',
    providerId: query.get('providerId') ?? '',
    departmentUuid: query.get('departmentId') ?? '',
    consultationTypeId: query.get('consultationTypeId') ?? '',
    repeatPeriod: '2',
    days: '2',
  });
  const proposals = recurringVisitListResponseSchema.parse(
    await (
      await request.get(`/api/scheduling/recurring-visits?${search.toString()}`, {
        headers: { authorization: `Bearer ${providerToken}` },
      })
    ).json(),
  );
  const taken = proposals.entries[0]?.visits[1]?.timeSlots[0];
  expect(taken).toBeDefined();
  const rivalToken = await apiToken(request, rival.username, PASSWORD);
  const rivalBooking = await request.post('/api/appointments', {
    headers: { authorization: `Bearer ${rivalToken}` },
    data: {
      clinicUuid: query.get('clinicUuid'),
      departmentUuid: query.get('departmentId'),
      providerId: query.get('providerId'),
      consultationTypeId: query.get('consultationTypeId'),
      startAt: taken?.startAt,
      finishAt: taken?.finishAt,
      flexibleDayList: [],
    },
  });
  expect(rivalBooking.status()).toBe(201);

  await book.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your appointment' })).toBeVisible();
  await page.getByRole('button', { name: 'SCHEDULE NOW' }).click();

  await expect(page).toHaveURL(
    new RegExp(`/provider/patient/${patient.id}/appointments/create/summary\\?.*failedStartAt=`),
  );
  const summary = new URL(page.url()).searchParams;
  expect(summary.getAll('failedStartAt')).toEqual([taken?.startAt]);
  expect(summary.getAll('startAt').length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Appointment(s) scheduled!' })).toBeVisible();
  // The failed time is red and said in words.
  const failed = page.getByText(/— Not booked/);
  await expect(failed).toBeVisible();
  await expect(failed).toHaveCSS('color', /rgb\((2[0-9]{2}|1[5-9][0-9]), \d{1,2}, \d{1,2}\)/);
});
