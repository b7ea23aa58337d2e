import type { APIRequestContext, Page } from '@playwright/test';
import { createClinic, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { DEMO_PASSWORD } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';
import { expect, test } from '../fixtures/test.ts';

// spec 1 §2 /user/single/languages (patient side menu 'language'), §3 communicationLanguage, §4
// communication language patched for patients and applied for providers; issue 3 item 9.

const SECURITY = { securityQuestion: 'First pet?', securityAnswer: 'Rex the dog' };

async function newPatient(request: APIRequestContext) {
  const username = uniqueName('lang.patient');
  const user = await createUser(request, { username, password: DEMO_PASSWORD, ...SECURITY });
  return { username, id: user.id };
}

/** The person's stored communication language, read through the API as that person. */
async function storedLanguage(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/oauth/v2/token', {
    data: { grant_type: 'password', client_id: '34', username, password: DEMO_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  return ((await me.json()) as { communicationLanguage: { isoCode: string } }).communicationLanguage.isoCode;
}

function htmlLang(page: Page) {
  return page.evaluate(() => document.documentElement.lang);
}

test('a patient switches to Español on the language screen; reload and a new login keep it', async ({
  page,
}) => {
  const patient = await newPatient(page.request);
  await signInByApi(page, patient.username);
  await expect(page).toHaveURL(/\/user\/appointment/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Language' }).click();
  await expect(page).toHaveURL(/\/user\/single\/languages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();

  await page.getByRole('radio', { name: 'Español' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Se ha guardado su idioma.');
  await expect(page.getByRole('heading', { level: 1, name: 'Idioma' })).toBeVisible();
  expect(await htmlLang(page)).toBe('es');
  expect(await storedLanguage(page.request, patient.username)).toBe('es');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Idioma' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/guest\/landing/);
  await page.goto('/guest/login');
  await page.getByLabel('Nombre de usuario').fill(patient.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
  expect(await htmlLang(page)).toBe('es');
  expect(await storedLanguage(page.request, patient.username)).toBe('es');

  // Back to English the same way.
  await page.goto('/user/single/languages');
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
  expect(await storedLanguage(page.request, patient.username)).toBe('en');
});

test("a patient's app language is sent to the server when it differs from the stored one", async ({
  page,
}) => {
  const patient = await newPatient(page.request);
  expect(await storedLanguage(page.request, patient.username)).toBe('en');
  // A browser already set to Spanish (the footer switch before logging in).
  await page.goto('/guest/login');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await signInByApi(page, patient.username);
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect.poll(() => storedLanguage(page.request, patient.username)).toBe('es');
});

test('a provider gets the stored language applied at login', async ({ page }) => {
  const clinic = await createClinic(page.request, { name: uniqueName('Lang Clinic') });
  const username = uniqueName('lang.doctor');
  const doctor = await createUser(page.request, {
    memberType: 'doctor',
    username,
    password: DEMO_PASSWORD,
    ...SECURITY,
    clinicNumbers: [clinic.clinicNumber],
    permissions: ['APPOINTMENTS'],
  });
  // Stored on the server as Spanish (set through the API as the provider themself).
  const login = await page.request.post('/oauth/v2/token', {
    data: { grant_type: 'password', client_id: '34', username, password: DEMO_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const patch = await page.request.patch(`/api/users/${doctor.id}/communication-language`, {
    headers: { authorization: `Bearer ${token}` },
    data: { language: 'es' },
  });
  expect(patch.status()).toBe(204);

  // A browser in English: the provider logs in and the portal turns to Spanish.
  await page.goto('/guest/provider-login');
  expect(await htmlLang(page)).toBe('en');
  await signInByApi(page, username);
  await expect(page).toHaveURL(/\/provider\/appointment/);
  // spec 3 §2: the schedule's title, in Spanish.
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
  expect(await htmlLang(page)).toBe('es');
  // Applied, not patched back: the server still says Spanish.
  expect(await storedLanguage(page.request, username)).toBe('es');
});
