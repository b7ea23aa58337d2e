import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { createClinic, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';
import { suiteNow } from '../fixtures/clock.ts';

// spec 2 §2 provider new-patient registration and provider view of one patient's appointments;
// §4 provider-to-patient switch; §6 provider screens need a provider token.
// Runs in the care-manager project (APP_VARIANT=care-manager, playwright.config.ts).

const PASSWORD = 'Provider#Pass2026';

/** Signed in by API on `open`; the tests of the provider login itself below keep the form. */
async function providerLogin(page: Page, open: string, username: string, password?: string) {
  await signInByApi(page, username, { password, open });
  await expect(page).toHaveURL(/\/provider\//);
}

/** Letters only (spec 1 §5 name rule), distinct per run. */
function lettersOnly(prefix: string): string {
  return `${prefix}${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`;
}

test('dr.smith registers a new patient, acts as them on the booking start, and returns', async ({ page }) => {
  await providerLogin(page, '/provider/patient-create', DEMO.provider);
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
  // The booking start puts the patient's one clinic into the query (decision 0017), by a navigation
  // that closes an open menu: wait for it before opening the menu.
  await expect(page).toHaveURL(/\/user\/appointment\/create\?clinicUuid=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a provider' })).toBeVisible();
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
  await expect(
    page.getByText('This patient does not currently have any scheduled upcoming appointments.'),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'SCHEDULE', exact: true })).toHaveAttribute(
    'href',
    `/provider/patient/${patientId ?? ''}/appointments/create`,
  );
  await page.getByRole('button', { name: 'Switch to patient' }).click();
  // The booking start puts the patient's one clinic into the query (decision 0017), by a navigation
  // that closes an open menu: wait for it before opening the menu.
  await expect(page).toHaveURL(/\/user\/appointment\/create\?clinicUuid=[\w-]+$/);
  // Logging out of the patient side returns to the provider too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${patientId ?? ''}/appointments`));
  await expect(page.getByRole('heading', { level: 1, name: `Nadia ${lastName}` })).toBeVisible();
});

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

function mysqlDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Books dr.smith's first free slot for the patient through the API, as the care-manager booking
 * does (spec 2 §3 create payload with userId): the catalogue, the time slots, then the create.
 */
async function bookForPatient(request: APIRequestContext, patientId: string): Promise<{ startAt: string }> {
  const token = await json<{ access_token: string }>(
    await request.post('/oauth/v2/token', {
      data: { grant_type: 'password', client_id: '34', username: DEMO.provider, password: 'CarePortal#2026' },
    }),
  );
  const headers = { authorization: `Bearer ${token.access_token}` };
  const get = async <T>(path: string, query: Record<string, string>) =>
    json<T>(await request.get(`${path}?${new URLSearchParams(query).toString()}`, { headers }));

  const { clinics } = await get<{ clinics: { clinicUuid: string }[] }>('/api/provider/patient-clinics', {});
  const clinicUuid = clinics[0]?.clinicUuid ?? '';
  const { providers } = await get<{ providers: { id: string; name: string }[] }>(
    '/api/scheduling/providers',
    {
      clinicUuid,
      internalBooking: 'true',
    },
  );
  const providerId = providers.find((item) => item.name.includes('Smith'))?.id ?? '';
  const { departments } = await get<{ departments: { uuid: string }[] }>('/api/scheduling/departments', {
    clinicUuid,
    providerId,
  });
  const departmentUuid = departments[0]?.uuid ?? '';
  const { consultationTypes } = await get<{ consultationTypes: { id: string; title: string }[] }>(
    '/api/scheduling/consultation-types',
    { clinicUuid, providerId, departmentUuid, booking: 'internal' },
  );
  const consultationTypeId =
    (consultationTypes.find((item) => item.title === 'Follow-up') ?? consultationTypes[0])?.id ?? '';
  const today = new Date(suiteNow());
  const slots = await get<{ startAt: string; finishAt: string; externalId: string }[]>(
    '/api/scheduling/time-slots',
    {
      clinicUuid,
      providerId,
      consultationTypeId,
      departmentUuid,
      startAt: mysqlDate(new Date(today.getTime() + 24 * 3600_000)),
      finishAt: mysqlDate(new Date(today.getTime() + 21 * 24 * 3600_000)),
      userId: patientId,
    },
  );
  // A later slot than the first few, so parallel tests booking dr.smith's first free time do not race.
  const slot = slots[Math.min(slots.length - 1, 7)];
  if (!slot) {
    throw new Error('dr.smith has no free slot in the next three weeks');
  }
  const created = await request.post('/api/appointments', {
    headers,
    data: {
      clinicUuid,
      departmentUuid,
      providerId,
      consultationTypeId,
      startAt: slot.startAt,
      finishAt: slot.finishAt,
      externalId: slot.externalId,
      flexibleDayList: [],
      userId: patientId,
      text: 'Booked by the care manager',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { startAt: slot.startAt };
}

test("dr.smith sees an appointment booked for a patient on that patient's page", async ({
  page,
  request,
}) => {
  const patient = await createUser(request, {
    firstName: 'Petra',
    lastName: lettersOnly('Booked'),
    birthdate: '1979-09-09',
    clinicNumbers: [1001],
  });
  await bookForPatient(request, patient.id);

  await providerLogin(page, `/provider/patient/${patient.id}/appointments`, DEMO.provider);
  await expect(page.getByRole('heading', { level: 1, name: /^Petra Booked/ })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
  await expect(upcoming.getByText(/with .*Smith/)).toBeVisible();
  await expect(page.getByText('No past appointments.')).toBeVisible();

  // Its details open in the provider's chart (issue 18, decision 0052): the provider stays the provider.
  await upcoming
    .getByRole('button', { name: /^View details/ })
    .first()
    .click();
  const details = upcoming.getByRole('region', { name: /^Details of the appointment on/ });
  await expect(details.getByText('Booked by the care manager')).toBeVisible();
  await expect(details.getByText('Visit type')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/provider/patient/${patient.id}/appointments$`));
  await expect(page.getByText('You are acting for this patient as a provider.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Switch to patient' })).toBeVisible();
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
  await providerLogin(page, `/provider/patient/${patient.id}/appointments`, username, PASSWORD);
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

test('a provider of two clinics chooses the clinic first and can go back to choose another', async ({
  page,
  request,
}) => {
  const second = await createClinic(request, { name: `Second clinic ${uniqueName('c')}` });
  const username = uniqueName('dr.twoclinics');
  await createUser(request, {
    memberType: 'doctor',
    username,
    password: PASSWORD,
    firstName: 'Tess',
    lastName: 'Twoclinics',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001, second.clinicNumber],
    permissions: ['PATIENT'],
  });
  await providerLogin(page, '/provider/patient-create', username, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'New Patient Registration' })).toBeVisible();
  const choice = page.getByRole('radiogroup', { name: 'Choose the clinic to register the patient at' });
  await choice.getByRole('radio', { name: /^Second clinic/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/^Clinic: Second clinic/)).toBeVisible();
  await expect(page.getByLabel('First name')).toBeVisible();

  await page.getByRole('link', { name: 'Back to choose another clinic' }).click();
  await expect(
    page.getByRole('radiogroup', { name: 'Choose the clinic to register the patient at' }),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
});

test('a provider whose session is refused mid-way goes to the provider login with redirectTo', async ({
  page,
}) => {
  await providerLogin(page, '/provider/patient-create', DEMO.provider);
  await expect(page.getByRole('heading', { level: 1, name: 'New Patient Registration' })).toBeVisible();
  // The session ends on the server (as after a logout elsewhere) and the access token runs out.
  await page.evaluate(async () => {
    const stored = JSON.parse(sessionStorage.getItem('authSession') ?? '{}') as {
      accessToken: string;
      expiresAt: number;
    };
    await fetch('/api/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${stored.accessToken}` },
    });
    sessionStorage.setItem('authSession', JSON.stringify({ ...stored, expiresAt: 0 }));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/guest\/provider-login\?redirectTo=%2Fprovider%2Fpatient-create/);
  await submitLogin(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/patient-create$/);
});
