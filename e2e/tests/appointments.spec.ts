import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { submitLogin } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { latestMessages } from '../fixtures/outbox.ts';
import {
  apiToken,
  bookAppointment,
  cancelThroughApi,
  findTarget,
  freeSlots,
  type BookingTarget,
} from '../fixtures/appointments-api.ts';

// spec 2 §2 patient appointment list, "Summary and details"; §4 Cancel; §5 booking from a login link;
// §6 cancel, video and waitlist rules, provider extras; §8 cancel dialog and convert texts.

const PASSWORD = 'Patient#Pass2026';
const SECURITY = { securityQuestion: 'First pet?', securityAnswer: 'Rex the dog' };
const FOLLOW_UP = { provider: 'Smith', department: 'Riverside Main Clinic', consultationType: 'Follow-up' };
// The waitlist-offer test uses its own consultation type, so no other test's waitlist entry is first in line.
const NEW_PATIENT = { ...FOLLOW_UP, consultationType: 'New patient visit' };

interface Patient {
  username: string;
  id: string;
  email: string;
  token: string;
}

async function newPatient(request: APIRequestContext, prefix = 'appt.patient'): Promise<Patient> {
  const username = uniqueName(prefix);
  const email = `${username}@example.com`;
  const user = await createUser(request, {
    username,
    password: PASSWORD,
    firstName: 'Paula',
    lastName: 'Patient',
    email,
    ...SECURITY,
    clinicNumbers: [1001],
  });
  return { username, id: user.id, email, token: await apiToken(request, username, PASSWORD) };
}

/** A patient with one Follow-up booked through the API, as herself. */
async function patientWithAppointment(request: APIRequestContext) {
  const patient = await newPatient(request);
  const target = await findTarget(request, patient.token, FOLLOW_UP);
  const [slot] = await freeSlots(request, patient.token, target);
  if (!slot) {
    throw new Error('No free slot');
  }
  const id = await bookAppointment(request, patient.token, target, slot);
  return { patient, target, id };
}

/** Signed in by API (not a login test), on the page a login lands on or on `open`. */
async function logIn(page: Page, username: string, open?: string) {
  await signInByApi(page, username, { password: PASSWORD, open });
  await expect(page).toHaveURL(/\/user\/appointment/);
}

test('a patient without appointments sees the empty list and the Schedule appointment action', async ({
  page,
  request,
}) => {
  const patient = await newPatient(request);
  await logIn(page, patient.username);
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await expect(page.getByText('You have no appointments yet.')).toBeVisible();
  // The booking start itself is the booking screens' (their own e2e).
  await expect(page.getByRole('link', { name: 'Schedule appointment' })).toHaveAttribute(
    'href',
    '/user/appointment/create',
  );
});

test('a patient sees her booked appointment in her list and its details', async ({ page, request }) => {
  const { patient, id } = await patientWithAppointment(request);
  await logIn(page, patient.username);
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming appointments' })).toBeVisible();
  await page.getByRole('link', { name: /Open appointment with .*Smith/ }).click();
  await expect(page).toHaveURL(new RegExp(`/user/appointment/${id}$`));

  await expect(page.getByRole('heading', { level: 1, name: 'Appointment details' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Smith/ })).toBeVisible();
  await expect(page.getByText('Follow-up', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Appointment times' }).getByRole('listitem')).toHaveCount(1);
  // The grey 'Important' consultation type message and the location with its map link.
  await expect(page.getByText('Important', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please bring a list of the medicines you take, with their doses.'),
  ).toBeVisible();
  const map = page.getByRole('link', { name: /Open map of 120 River Road.*\(opens in a new tab\)/ });
  await expect(map).toHaveAttribute('target', '_blank');
  await expect(map).toHaveAttribute('href', /maps\/search\/.*120%20River%20Road/);
  // An office visit: no video link for the patient.
  await expect(page.getByRole('link', { name: 'Start video visit' })).toHaveCount(0);

  // Add to calendar downloads the .ics (fetched with the bearer token).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toBe(`appointment-${id}.ics`);

  await page.getByRole('link', { name: 'VIEW ALL APPOINTMENTS' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
});

test('a patient cancels: NO, GO BACK keeps it, YES, CANCEL lands on /user/appointment and it is gone', async ({
  page,
  request,
}) => {
  const { patient, id } = await patientWithAppointment(request);
  await logIn(page, patient.username, `/user/appointment/${id}`);

  const trash = page.getByRole('button', { name: 'Cancel appointment' });
  await trash.click();
  let dialog = page.getByRole('dialog', { name: 'Warning' });
  await expect(dialog.getByText('Are you sure you want to cancel this appointment?')).toBeVisible();
  // Focus starts on the safe answer and stays in the dialog.
  await expect(dialog.getByRole('button', { name: 'NO, GO BACK' })).toBeFocused();
  await dialog.getByRole('button', { name: 'NO, GO BACK' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment details' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  dialog = page.getByRole('dialog', { name: 'Warning' });
  await dialog.getByRole('button', { name: 'YES, CANCEL' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await expect(page.getByText('You have no appointments yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Open appointment with/ })).toHaveCount(0);
});

test('a patient joins the waitlist and is offered a freed earlier slot by message', async ({
  page,
  request,
}) => {
  const waiting = await newPatient(request, 'appt.waiting');
  const other = await newPatient(request, 'appt.other');
  const target: BookingTarget = await findTarget(request, waiting.token, NEW_PATIENT);
  const slots = await freeSlots(request, waiting.token, target);
  const earlier = slots[0];
  const later = slots.at(-1);
  if (!earlier || !later || earlier === later) {
    throw new Error('Need two free slots');
  }
  // 'New patient visit' requires a reason (spec 2 §5).
  const ownId = await bookAppointment(request, waiting.token, target, later, { text: 'First visit' });
  const otherId = await bookAppointment(request, other.token, target, earlier, { text: 'First visit' });

  await logIn(page, waiting.username, `/user/appointment/${ownId}`);
  await page.getByRole('button', { name: 'JOIN WAITLIST' }).click();
  await expect(page.getByRole('button', { name: 'JOINED WAITLIST' })).toBeDisabled();
  // It stays joined after a reload (the server holds it).
  await page.reload();
  await expect(page.getByRole('button', { name: 'JOINED WAITLIST' })).toBeVisible();

  await cancelThroughApi(request, other.token, otherId);
  await expect
    .poll(async () =>
      (await latestMessages(request, waiting.email)).some((m) => m.purpose === 'waitlist-offer'),
    )
    .toBe(true);
  const offer = (await latestMessages(request, waiting.email)).find((m) => m.purpose === 'waitlist-offer');
  const link = /https?:\/\/\S+/.exec(offer?.body ?? '')?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link ?? '');
  expect(url.pathname).toBe('/user/appointment/create/time-slots');
  expect(url.searchParams.get('cancelAppointmentId')).toBe(ownId);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/user\/appointment\/create\/time-slots\?/);
  expect(new URL(page.url()).searchParams.get('providerId')).toBe(target.providerId);
});

test('a booking login link books the appointment and lands on the summary', async ({ page, request }) => {
  const patient = await newPatient(request, 'appt.link');
  const target = await findTarget(request, patient.token, FOLLOW_UP);
  const slots = await freeSlots(request, patient.token, target, 20);
  const slot = slots[0];
  if (!slot) {
    throw new Error('No free slot');
  }
  const link = new URLSearchParams({
    clinicUuid: target.clinicUuid,
    consultationTypeId: target.consultationTypeId,
    departmentId: target.departmentUuid,
    doctorId: target.providerId,
    startAt: slot.startAt,
    finishAt: slot.finishAt,
    appointmentComment: 'Knee pain',
  });
  await page.goto(`/guest/login?${link.toString()}`);
  await submitLogin(page, patient.username, PASSWORD);
  // Booking, then loading the booking screens' chunk: slow on a busy two-core machine.
  await expect(page).toHaveURL(/\/user\/appointment\/create\/summary\?appointmentId=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment(s) scheduled!' })).toBeVisible();
  await expect(page.getByText('Knee pain')).toBeVisible();
  // Back to the list: the booking params are gone, so it was booked once.
  await page.getByRole('link', { name: 'VIEW ALL APPOINTMENTS' }).click();
  await expect(page).toHaveURL(/\/user\/appointment$/);
  await expect(page.getByRole('link', { name: /Open appointment with/ })).toHaveCount(1);
});
