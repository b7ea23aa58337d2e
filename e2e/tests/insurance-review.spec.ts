import type { APIRequestContext, Page } from '@playwright/test';
import { fixtureInsuranceCardResponseSchema } from '@app/contracts/insurance';
import { test, expect } from '../fixtures/test.ts';
import { DEMO } from '../fixtures/demo.ts';
import { createAppointment, createUser } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';

// spec 3 §2 Insurance cards list, filter and card view; §4 status machine and next card; §5 confirmation.

/** Signed in by API on `open` (this file is not about logging in). */
async function providerLogin(page: Page, username: string, open: string) {
  await signInByApi(page, username, { open });
  await expect(page).toHaveURL(/\/provider\//);
}

function lettersOnly(prefix: string): string {
  return `${prefix}${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;
}

/** A patient of the demo clinic with a new primary card that came with an appointment with dr.smith. */
async function patientWithCard(request: APIRequestContext, firstName: string) {
  const lastName = lettersOnly('Card');
  const patient = await createUser(request, {
    firstName,
    lastName,
    birthdate: '1985-05-05',
    clinicNumbers: [1001],
  });
  const appointment = await createAppointment(request, { userId: patient.id });
  const response = await request.post('/dev/fixtures/insurance-cards', {
    data: { userId: patient.id, appointmentId: appointment.id, ircName: 'Aetna' },
  });
  expect(response.status(), await response.text()).toBe(201);
  fixtureInsuranceCardResponseSchema.parse(await response.json());
  return { ...patient, name: `${firstName} ${lastName}`, departmentUuid: appointment.departmentUuid };
}

test('dr.smith filters the insurance cards, imports one, moves to the next and removes one', async ({
  page,
  request,
}) => {
  const first = await patientWithCard(request, 'Ines');
  const second = await patientWithCard(request, 'Otto');
  await providerLogin(page, DEMO.provider, '/provider/insurances');
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance Cards' })).toBeVisible();
  await expect(page.getByRole('link', { name: first.name, exact: true })).toBeVisible();

  // Filter: every location and provider is chosen at first.
  await page.getByRole('link', { name: 'Filter' }).click();
  await expect(page.getByText('See insurance cards by department and/or provider')).toBeVisible();
  const triggers = page.getByRole('main').locator('button[aria-expanded]');
  await expect(triggers).toHaveCount(2);
  await expect(triggers.nth(1)).toHaveText(/All Selected|Smith/);
  await triggers.nth(1).click();
  const providerGroup = page.getByRole('group', { name: 'Providers' });
  // Keep only dr.smith (Alice Smith): the cards of this test came with appointments with her.
  const names = await providerGroup.locator('label').allTextContents();
  expect(names.some((name) => name.includes('Smith'))).toBe(true);
  for (const name of names.filter((text) => !text.includes('Smith'))) {
    await providerGroup.getByLabel(name, { exact: true }).uncheck();
  }
  await expect(triggers.nth(1)).toHaveText(/Smith|1 selected/);
  await page.getByRole('button', { name: 'APPLY' }).click();
  await expect(page).toHaveURL(/\/provider\/insurances$/);
  await expect(page.getByRole('link', { name: second.name, exact: true })).toBeVisible();

  // Open the first patient's card.
  await page.getByRole('link', { name: `View Primary Insurance of ${first.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/insurances/${first.id}/primary\\?order=\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await expect(page.getByRole('img', { name: `Front of the insurance card of ${first.name}` })).toBeVisible();
  await expect(page.getByText('Aetna')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open chart quickview' })).toBeVisible();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import again' })).toBeVisible();
  await page.getByRole('button', { name: 'Import again' }).click();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible();

  // Next patient: another card of the list.
  await page.getByRole('button', { name: 'Next patient' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/provider/insurances/${first.id}/`));
  await expect(page).toHaveURL(/\/provider\/insurances\/[0-9a-f-]{36}\/(primary|secondary)\?order=\d+$/);

  // Remove the second patient's card, after the confirmation.
  await page.goto('/provider/insurances');
  await page.getByRole('link', { name: `View Primary Insurance of ${second.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  await page.getByRole('button', { name: 'Remove from list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove from list' });
  await expect(
    dialog.getByText('Are you sure want to remove this from the list of insurance cards?'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/provider/insurances/${second.id}/`));
  await page.goto('/provider/insurances');
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance Cards' })).toBeVisible();
  await expect(page.getByRole('link', { name: second.name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: first.name, exact: true })).toHaveCount(0);
});

test('Import then Next patient opens the card that was below it, still new (issue 17 item 8)', async ({
  page,
  request,
}) => {
  // Newest first in the list: third, second, first.
  const first = await patientWithCard(request, 'Nora');
  const second = await patientWithCard(request, 'Nils');
  const third = await patientWithCard(request, 'Nadia');
  await providerLogin(page, DEMO.provider, '/provider/insurances');
  await expect(page.getByRole('link', { name: third.name, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: first.name, exact: true })).toBeVisible();

  // Import the middle card: it leaves the list of new cards and the first moves up into its place.
  await page.getByRole('link', { name: `View Primary Insurance of ${second.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible();

  // Next patient is the card right after it, which is still new (the offset alone skipped it).
  await page.getByRole('button', { name: 'Next patient' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/insurances/${first.id}/primary\\?order=\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeVisible();
  await expect(page.getByText('Imported', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('insurance-card-1280.png') });

  // Back in the list: the imported card is gone, the other two are still there to review.
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page.getByRole('link', { name: first.name, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: third.name, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: second.name, exact: true })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('pulling the insurance list down refreshes it; the Refresh button stays', async ({
    page,
    request,
  }) => {
    await providerLogin(page, DEMO.provider, '/provider/insurances');
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance Cards' })).toBeVisible();
    // Loaded: Refresh is disabled while the list is being fetched.
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    // A card that arrives after the list was loaded (uploads do not tell the list by themselves).
    const late = await patientWithCard(request, 'Pia');
    await expect(page.getByRole('link', { name: late.name, exact: true })).toHaveCount(0);

    // A real touch gesture through the browser's input pipeline: down from the top of the list.
    const list = page.getByTestId('insurance-list');
    const box = await list.boundingBox();
    if (!box) {
      throw new Error('the list has no box');
    }
    const x = Math.round(box.x + box.width / 2);
    const y = Math.round(box.y + 20);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: y + step * 25 }],
      });
    }
    await expect(page.getByText('Release to refresh')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('insurance-list-pull-390.png') });
    const refetch = page.waitForRequest((request) => /\/insurance-cards\?/.test(request.url()));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await refetch;
    await expect(page.getByRole('link', { name: late.name, exact: true })).toBeVisible();
    await expect(page.getByText('Release to refresh')).toHaveCount(0);
  });
});
