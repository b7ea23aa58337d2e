import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { signInByApi } from '../fixtures/session.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { apiToken } from '../fixtures/appointments-api.ts';
import { timeSlotListResponseSchema } from '@app/contracts/scheduling';
import { suiteNow } from '../fixtures/clock.ts';

// spec 2 §2 provider list → consultation type → time slots → confirm → summary, §4 freeze, §5 filter
// rules and 'Almost done!' dialogs, for patients of the demo clinic 1001 (issue 4 "Must show").
const PASSWORD = 'Booking#Pass2026';

async function newPatient(request: APIRequestContext) {
  const username = uniqueName('book.patient');
  await createUser(request, {
    username,
    password: PASSWORD,
    firstName: 'Bea',
    lastName: 'Booker',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  return username;
}

async function loginAndStartBooking(page: Page, username: string) {
  await signInByApi(page, username, { password: PASSWORD, open: '/user/appointment/create' });
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a provider' })).toBeVisible();
}

/** The spec 2 §5 filters a patient must choose, then SCHEDULE NOW on Dr. Alice Smith. */
async function chooseFiltersAndProvider(page: Page) {
  await page.getByLabel('State').selectOption({ label: 'New York' });
  await page.getByLabel('Insurance').selectOption({ label: 'Aetna' });
  await page.getByLabel('Specialty').selectOption({ label: 'Family medicine' });
  await page.getByLabel('Visit Type').selectOption({ label: 'In person' });
  await page.getByRole('button', { name: 'Schedule now with Alice Smith' }).click();
}

async function chooseFollowUp(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the visit' })).toBeVisible();
  await expect(page.getByLabel('Location')).toHaveValue(/.+/);
  await page.getByRole('radio', { name: 'Follow-up' }).check();
  // The grey 'Important' message of the type (spec 2 §2).
  await expect(page.getByRole('note')).toContainText(
    'Please bring a list of the medicines you take, with their doses.',
  );
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Available times' })).toBeVisible();
}

const slotButtons = (page: Page) =>
  page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button')
    .filter({ hasNotText: /unavailable/ });

test('a patient books a visit from the provider list to the summary', async ({ page, request }) => {
  const username = await newPatient(request);
  await loginAndStartBooking(page, username);
  await chooseFiltersAndProvider(page);
  await expect(page).toHaveURL(/\/user\/appointment\/create\/consultation-types\?/);
  const confirm = page.getByRole('button', { name: 'CONFIRM' });
  await expect(confirm).toBeDisabled();
  await chooseFollowUp(page);

  const first = slotButtons(page).first();
  const label = (await first.getAttribute('aria-label')) ?? '';
  const time = label.split(',')[0] ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your appointment' })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/appointment\/create\/confirm\?.*externalId=/);
  await expect(page.getByRole('region', { name: 'Chosen times' })).toContainText(time);

  const reason = page.getByLabel('Reason for visit');
  await reason.fill('Knee pain after running');
  await expect(page.getByText('23 / ')).toBeVisible();
  await page.getByRole('button', { name: 'SCHEDULE NOW' }).click();

  await expect(page).toHaveURL(/\/user\/appointment\/create\/summary\?appointmentId=.*status=scheduled/);
  await expect(page.getByRole('heading', { name: 'Appointment(s) scheduled!' })).toBeVisible();
  await expect(page.getByText('Alice Smith').first()).toBeVisible();
});

test("the filters stay in the link and SCHEDULE NOW asks for what is missing ('Almost done!')", async ({
  page,
  request,
}) => {
  const username = await newPatient(request);
  await loginAndStartBooking(page, username);
  const provider = page.getByRole('button', { name: 'Schedule now with Alice Smith' });
  await provider.click();
  const dialog = page.getByRole('dialog', { name: 'Almost done!' });
  await expect(dialog).toContainText(
    'Please select State, Insurance, Specialty and Visit type in the filter before scheduling the appointment',
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  // Focus returns to the button that opened the dialog.
  await expect(provider).toBeFocused();

  await page.getByLabel('State').selectOption({ label: 'New York' });
  await page.getByLabel('Visit Type').selectOption({ label: 'In person' });
  await provider.click();
  await expect(dialog).toContainText(
    'Please select Insurance and Specialty in the filter before scheduling the appointment',
  );
  await dialog.getByRole('button', { name: 'OK' }).click();

  // The filters live in the query: a reload keeps them.
  await page.getByLabel('Insurance').selectOption({ label: 'Aetna' });
  await page.getByRole('textbox', { name: 'From' }).fill('2030-01-07');
  await expect(page).toHaveURL(/fromDate=2030-01-07/);
  await page.reload();
  await expect(page.getByLabel('State')).toHaveValue('NY');
  await expect(page.getByLabel('Insurance')).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue('2030-01-07');
  await page.getByRole('button', { name: "Reset the 'From' date" }).click();
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue('');
  await expect(page).not.toHaveURL(/fromDate=/);

  // Only Dr. Smith takes Aetna among the Family medicine providers in New York; a specialty she does
  // not have empties the list.
  await page.getByLabel('Specialty').selectOption({ label: 'Pediatrics' });
  await expect(page.getByText('No providers match the chosen filters.')).toBeVisible();
  await page.getByLabel('Specialty').selectOption({ label: 'Family medicine' });
  await provider.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the visit' })).toBeVisible();
  // Back returns to the provider list with its filters.
  await page.goBack();
  await expect(page.getByLabel('Specialty')).not.toHaveValue('');
});

test('a patient picks a time with the keyboard only', async ({ page, request }) => {
  const username = await newPatient(request);
  await loginAndStartBooking(page, username);
  await chooseFiltersAndProvider(page);
  await chooseFollowUp(page);

  // The step heading has focus; Tab moves through the date, the arrows and into the grid.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeFocused();
  const focusedLabel = () =>
    page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
    );
  let steps = 0;
  while (!/ (AM|PM), /.test((await focusedLabel()) ?? '') && steps < 10) {
    await page.keyboard.press('Tab');
    steps += 1;
  }
  const first = (await focusedLabel()) ?? '';
  expect(first).toMatch(/ (AM|PM), /);
  // The first free slot may be the last one of today (late in the clinic's day), so move to the next
  // day with free slots first: a whole working day, where Down has somewhere to go.
  await page.keyboard.press('ArrowRight');
  const start = (await focusedLabel()) ?? '';
  expect(start.split(', ').slice(1)).not.toEqual(first.split(', ').slice(1));
  await page.keyboard.press('ArrowDown');
  const down = (await focusedLabel()) ?? '';
  expect(down).not.toBe(start);
  // Same day, later time.
  expect(down.split(', ').slice(1)).toEqual(start.split(', ').slice(1));
  await page.keyboard.press('ArrowRight');
  const right = (await focusedLabel()) ?? '';
  expect(right.split(', ').slice(1)).not.toEqual(down.split(', ').slice(1));
  await page.keyboard.press('ArrowLeft');
  expect(await focusedLabel()).toBe(down);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your appointment' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chosen times' })).toContainText(down.split(',')[0] ?? '');
});

test('a slot held by someone else shows the server detail and turns unavailable', async ({
  page,
  request,
}) => {
  const username = await newPatient(request);
  const other = await newPatient(request);
  await loginAndStartBooking(page, username);
  await chooseFiltersAndProvider(page);
  await chooseFollowUp(page);

  // The other patient holds the first slot shown, through the API, after the grid was loaded.
  const url = new URL(page.url());
  const query = url.searchParams;
  const token = await apiToken(request, other, PASSWORD);
  const first = slotButtons(page).first();
  const label = (await first.getAttribute('aria-label')) ?? '';
  const window = new URLSearchParams({
    clinicUuid: query.get('clinicUuid') ?? '',
    providerId: query.get('providerId') ?? '',
    consultationTypeId: query.get('consultationTypeId') ?? '',
    departmentUuid: query.get('departmentId') ?? '',
    startAt: new Date(suiteNow()).toISOString().slice(0, 10),
    finishAt: new Date(suiteNow() + 30 * 86_400_000).toISOString().slice(0, 10),
  });
  const slotsAnswer = await request.get(`/api/scheduling/time-slots?${window.toString()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const slots = timeSlotListResponseSchema.parse(await slotsAnswer.json());
  const held = slots[0];
  expect(held).toBeDefined();
  const freeze = await request.post('/api/scheduling/time-slots/freeze', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      clinicUuid: query.get('clinicUuid'),
      doctorId: query.get('providerId'),
      consultationId: query.get('consultationTypeId'),
      departmentUuid: query.get('departmentId'),
      startAtTimestamp: held?.startTimestamp,
    },
  });
  expect(freeze.status()).toBe(200);

  await first.click();
  const dialog = page.getByRole('dialog', { name: 'This time is not available' });
  await expect(dialog).toContainText(
    'Someone else is booking this time right now. Please choose another time.',
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: `${label}, unavailable` })).toBeDisabled();
  await expect(page).toHaveURL(/\/time-slots\?/);
});
