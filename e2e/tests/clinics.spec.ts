import type { APIRequestContext, Page } from '@playwright/test';
import { clinicInvitationSchema } from '@app/contracts/clinic-invitations';
import { apiToken } from '../fixtures/appointments-api.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { createClinic, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';
import { expect, test } from '../fixtures/test.ts';

// Issue 16 item 1 (decision 0035): spec 1 §2 side menu "Clinics" (/user/provider) and connecting to a
// clinic by its invitation link or code (/user/provider/connect), including the sign-up addingProvider
// hint. jane.patient only looks: the demo logins are shared by the worker's tests, so connecting is
// done by patients made here (jane connected to a second clinic would change other tests' booking).

const PASSWORD = 'Clinics#Pass2026';
/** The demo invitation of Hillcrest Medical Group (seed-demo-clinic-invitations.ts, README). */
const DEMO_CODE = 'HCM74QPD';
const HILLCREST = 'Hillcrest Medical Group';
const RIVERSIDE = 'Riverside Family Health';

async function newRiversidePatient(request: APIRequestContext) {
  const username = uniqueName('clinics');
  await createUser(request, {
    username,
    password: PASSWORD,
    firstName: 'Casey',
    lastName: 'Connect',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  return username;
}

function clinicCard(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Clinics' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name }) });
}

test('jane opens Clinics from the side menu, sees her clinic, and sees whom the demo code connects to', async ({
  page,
}) => {
  await signInByApi(page, DEMO.patient);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clinics' }).click();

  await expect(page).toHaveURL(/\/user\/provider$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clinics' })).toBeVisible();
  const riverside = clinicCard(page, RIVERSIDE);
  await expect(riverside).toBeVisible();
  await expect(riverside.getByText(/^Connected since /)).toBeVisible();
  await expect(riverside.getByText('120 River Road, Albany, NY 12207')).toBeVisible();
  await expect(
    riverside.getByRole('link', { name: 'Show on map: Riverside Main Clinic (opens in a new tab)' }),
  ).toHaveAttribute('href', /google\.com\/maps\/search\/\?api=1&query=120%20River%20Road/);
  await expect(clinicCard(page, HILLCREST)).toHaveCount(0);

  // Book a visit leads into booking at that clinic.
  await riverside.getByRole('link', { name: `Book a visit at ${RIVERSIDE}` }).click();
  await expect(page).toHaveURL(/\/user\/appointment\/create.*clinicUuid=/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();

  await page.getByRole('link', { name: 'Connect to another clinic' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a clinic' })).toBeVisible();
  await page.getByLabel('Invitation code').fill('hcm7-4qpd');
  await page.getByRole('button', { name: 'Check code' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Connect to this clinic?' })).toBeVisible();
  await expect(page.getByText(HILLCREST, { exact: true })).toBeVisible();
  await expect(page.getByText('88 Asylum Street, Hartford, CT 06103')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();
  // jane stays as she is (shared demo login): the connecting is the next test's.
});

test('a patient opens the invitation link signed out, logs in, sees the clinic, connects, and lists both', async ({
  page,
  request,
}) => {
  const username = await newRiversidePatient(request);
  await page.goto(`/user/provider/connect?code=${DEMO_CODE}`);
  // spec 1 §2: a guest is sent to log in, keeping the wanted URL (with its code) as urlAfterLogin.
  await expect(page).toHaveURL(/\/guest\/login$/);
  await submitLogin(page, username, PASSWORD);

  await expect(page).toHaveURL(new RegExp(`/user/provider/connect\\?code=${DEMO_CODE}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a clinic' })).toBeVisible();
  await expect(page.getByLabel('Invitation code')).toHaveValue('HCM7-4QPD');
  await expect(page.getByRole('heading', { level: 2, name: 'Connect to this clinic?' })).toBeVisible();
  await expect(page.getByText(HILLCREST, { exact: true })).toBeVisible();
  await expect(
    page.getByText(`Once connected, the care team of ${HILLCREST} can see your patient profile.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'You are connected' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are now connected to' })).toHaveText(
    `You are now connected to ${HILLCREST}.`,
  );
  await page.getByRole('link', { name: 'Go to your clinics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clinics' })).toBeVisible();
  await expect(clinicCard(page, RIVERSIDE)).toBeVisible();
  const hillcrest = clinicCard(page, HILLCREST);
  await expect(hillcrest).toBeVisible();
  await expect(hillcrest.getByText('88 Asylum Street, Hartford, CT 06103')).toBeVisible();
  // Nobody books at Hillcrest yet: no booking link there.
  await expect(hillcrest.getByRole('link', { name: /Book a visit/ })).toHaveCount(0);

  // The same link again: already connected, nothing to do.
  await page.goto(`/user/provider/connect?code=${DEMO_CODE}`);
  await expect(page.getByText(`You are already connected to ${HILLCREST}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0);
});

test('an unknown or malformed code shows a clear text and connects nothing', async ({ page, request }) => {
  const username = await newRiversidePatient(request);
  await signInByApi(page, username, { password: PASSWORD, open: '/user/provider/connect?code=ZZZZ2222' });
  const field = page.getByLabel('Invitation code');
  await expect(field).toHaveAccessibleDescription(
    /This invitation code is not valid\. It may have expired or been withdrawn; please ask your clinic for a new one\./,
  );
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0);

  await field.fill('HCM7-4QP');
  await page.getByRole('button', { name: 'Check code' }).click();
  await expect(field).toHaveAccessibleDescription(
    /An invitation code has 8 letters and digits, like K7PM-3QXD\. Please check the code and try again\./,
  );

  await page.goto('/user/provider');
  await expect(page.getByRole('heading', { level: 1, name: 'Clinics' })).toBeVisible();
  await expect(clinicCard(page, RIVERSIDE)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Clinics' }).getByRole('heading', { level: 2 })).toHaveCount(1);
});

/** The four sign-up steps (spec 1 §2 wizard), as sign-up.spec.ts walks them. */
async function signUp(page: Page, username: string) {
  const tag = username.replace(/[^a-z]/g, '');
  await expect(page.getByRole('heading', { level: 2, name: 'Your name' })).toBeVisible();
  await page.getByLabel('First name').fill('Nina');
  await page.getByLabel('Last name').fill(`Newcomer ${tag}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
  await page.getByLabel('Email').fill(`${tag}@example.com`);
  await page.getByLabel('Mobile phone').fill('2125550143');
  await page.getByLabel('Date of birth').fill('1991-06-18');
  await page.getByLabel('Legal sex').selectOption('female');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your login details' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Security question' })).toBeVisible();
  await page.getByLabel('Security question').fill('First pet?');
  await page.getByLabel('Security answer').fill('Rex the dog');
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

test("a sign-up through a clinic's link with a code lands on the connect screen showing that clinic", async ({
  page,
  request,
}) => {
  // A clinic of this test's own, and its admin (SETTING), who makes the code and the sign-up link.
  const clinicName = uniqueName('Maple Clinic');
  const clinic = await createClinic(request, { name: clinicName });
  const admin = uniqueName('admin');
  await createUser(request, {
    memberType: 'doctor',
    username: admin,
    password: PASSWORD,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [clinic.clinicNumber],
    permissions: ['SETTING'],
  });
  const token = await apiToken(request, admin, PASSWORD);
  const created = await request.post(`/api/provider/clinics/${clinic.id}/invitations`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  const invitation = clinicInvitationSchema.parse(await created.json());

  await page.goto(invitation.signUpPath);
  await signUp(page, uniqueName('nina'));

  // The addingProvider hint, with the code carried along; the sign-up registered the person there.
  await expect(page).toHaveURL(new RegExp(`/user/provider/connect\\?code=${invitation.code}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a clinic' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: clinicName })).toBeVisible();
  await expect(page.getByText(`You are already connected to ${clinicName}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to your clinics' }).click();
  await expect(clinicCard(page, clinicName)).toBeVisible();
});

test('a guest who opens an invitation link and signs up instead of logging in still gets to it', async ({
  page,
}) => {
  await page.goto(`/user/provider/connect?code=${DEMO_CODE}`);
  await expect(page).toHaveURL(/\/guest\/login$/);
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await signUp(page, uniqueName('nora'));

  await expect(page).toHaveURL(new RegExp(`/user/provider/connect\\?code=${DEMO_CODE}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Connect to this clinic?' })).toBeVisible();
  await expect(page.getByText(HILLCREST, { exact: true })).toBeVisible();
});
