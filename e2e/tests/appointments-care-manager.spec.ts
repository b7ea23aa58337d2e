import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { apiToken, bookAppointment, findTarget, freeSlots } from '../fixtures/appointments-api.ts';
import { signInByApi } from '../fixtures/session.ts';

// spec 2 §6 provider extras in the care-manager app: ADD TO WAITLIST, VIEW ALL APPOINTMENTS to the
// patient's page, convert an office visit to telehealth (§8 confirmation text); the video link for
// providers. The variant is a server setting, so this file has its own server.
// Runs in the care-manager project (APP_VARIANT=care-manager, playwright.config.ts).

const FOLLOW_UP = { provider: 'Smith', department: 'Riverside Main Clinic', consultationType: 'Follow-up' };

async function newPatient(request: APIRequestContext) {
  const username = uniqueName('appt.cm');
  const user = await createUser(request, {
    username,
    password: 'Patient#Pass2026',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  return { id: user.id };
}

test('dr.smith sees ADD TO WAITLIST and converts an office visit to telehealth', async ({
  page,
  request,
}) => {
  const patient = await newPatient(request);
  const providerToken = await apiToken(request, DEMO.provider, DEMO_PASSWORD);
  const target = await findTarget(request, providerToken, FOLLOW_UP);
  const [slot] = await freeSlots(request, providerToken, target);
  if (!slot) {
    throw new Error('No free slot');
  }
  const id = await bookAppointment(request, providerToken, target, slot, { userId: patient.id });

  await signInByApi(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/appointment/);
  await page.goto(`/provider/patient/${patient.id}/appointments/create/summary?appointmentId=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment(s) scheduled!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'VIEW ALL APPOINTMENTS' })).toHaveAttribute(
    'href',
    `/provider/patient/${patient.id}/appointments`,
  );
  await page.getByRole('button', { name: 'ADD TO WAITLIST' }).click();
  await expect(page.getByRole('button', { name: 'ADDED TO WAITLIST' })).toBeDisabled();

  await page.getByRole('button', { name: 'Convert to telehealth' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert to telehealth' });
  await expect(
    dialog.getByText('Are you sure you want to convert this appointment to a Telehealth call?'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'YES, CONVERT' }).click();
  await expect(page.getByText('The appointment is now a Telehealth call.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start video visit' })).toHaveAttribute(
    'href',
    `/provider/video-call/${id}`,
  );
  await expect(page.getByRole('button', { name: 'Convert to telehealth' })).toHaveCount(0);
});
