import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { DEMO } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';

// Issue 4 "Must show": jane.patient (the demo patient a newcomer logs in as) books a visit end to end,
// sees it in her list and details, reschedules it and cancels it (spec 2 §2, §4, §8 texts).

const slotButtons = (page: Page) =>
  page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button')
    .filter({ hasNotText: /unavailable/ });

function appointmentIdOf(url: string): string {
  const id = new URL(url).searchParams.get('appointmentId');
  if (!id) {
    throw new Error(`No appointmentId in ${url}`);
  }
  return id;
}

test('jane.patient books, sees, reschedules and cancels a visit', async ({ page }) => {
  await signInByApi(page, DEMO.patient);
  await expect(page).toHaveURL(/\/user\/appointment/);

  // Book: filters, provider, visit, the first free time, a reason.
  await page.getByRole('main').getByRole('link', { name: 'Schedule appointment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a provider' })).toBeVisible();
  await page.getByLabel('State').selectOption({ label: 'New York' });
  await page.getByLabel('Insurance').selectOption({ label: 'Aetna' });
  await page.getByLabel('Specialty').selectOption({ label: 'Family medicine' });
  await page.getByLabel('Visit Type').selectOption({ label: 'In person' });
  await page.getByRole('button', { name: 'Schedule now with Alice Smith' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the visit' })).toBeVisible();
  await page.getByRole('radio', { name: 'Follow-up' }).check();
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible();
  // The last time of the week shown: a first time of today may fall inside the demo clinic's two-hour
  // notice (spec 2 §6 canPatientCancel), which would rightly hide Reschedule and Cancel below.
  await slotButtons(page).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your appointment' })).toBeVisible();
  await page.getByLabel('Reason for visit').fill('Check my blood pressure');
  await page.getByRole('button', { name: 'SCHEDULE NOW' }).click();
  await expect(page.getByRole('heading', { name: 'Appointment(s) scheduled!' })).toBeVisible();
  const booked = appointmentIdOf(page.url());

  // It is in her list, and its details show what she chose.
  await page.getByRole('link', { name: 'VIEW ALL APPOINTMENTS' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await page.locator(`a[href="/user/appointment/${booked}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment details' })).toBeVisible();
  await expect(page.getByText('Follow-up', { exact: true })).toBeVisible();
  await expect(page.getByText('Check my blood pressure')).toBeVisible();

  // Reschedule to another time: the summary says so, the old appointment is gone from the list.
  await page
    .getByRole('link', { name: 'Reschedule' })
    .or(page.getByRole('button', { name: 'Reschedule' }))
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`cancelAppointmentId=${booked}`));
  // The booked time is taken, so the last free one is another, also days ahead.
  await slotButtons(page).last().click();
  await expect(page).toHaveURL(/\/user\/appointment\/create\/confirm-reschedule\?/);
  await page.getByRole('button', { name: 'SCHEDULE NOW' }).click();
  await expect(page.getByRole('heading', { name: 'Appointment(s) rescheduled!' })).toBeVisible();
  const rescheduled = appointmentIdOf(page.url());
  expect(rescheduled).not.toBe(booked);
  await page.getByRole('link', { name: 'VIEW ALL APPOINTMENTS' }).click();
  await expect(page.locator(`a[href="/user/appointment/${rescheduled}"]`)).toBeVisible();
  await expect(page.locator(`a[href="/user/appointment/${booked}"]`)).toHaveCount(0);

  // Cancel with the spec's dialog; she lands on her list and the visit is gone.
  await page.locator(`a[href="/user/appointment/${rescheduled}"]`).click();
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog.getByText('Are you sure you want to cancel this appointment?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'NO, GO BACK' })).toBeVisible();
  await dialog.getByRole('button', { name: 'YES, CANCEL' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await expect(page.locator(`a[href="/user/appointment/${rescheduled}"]`)).toHaveCount(0);
});
