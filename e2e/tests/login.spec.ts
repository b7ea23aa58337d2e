import { test, expect } from '../fixtures/test.ts';
import { DEMO, loginFromLoginPage, submitLogin } from '../fixtures/demo.ts';

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/guest/login');
  await submitLogin(page, DEMO.patient, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Invalid username and password combination');
  await expect(page).toHaveURL(/\/guest\/login/);
});

test('jane.patient logs in and lands on her appointments', async ({ page }) => {
  await loginFromLoginPage(page, DEMO.patient);
  await expect(page).toHaveURL(/\/user\/appointment\?cameFrom=login/);
});

test('reset.required is sent to the security page first', async ({ page }) => {
  await loginFromLoginPage(page, DEMO.resetRequired);
  await expect(page).toHaveURL(/\/user\/security/);
});

test('dr.smith lands on the provider appointments', async ({ page }) => {
  await loginFromLoginPage(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/appointment\?cameFrom=login/);
});

function requireLanding(landings: URL[]): URL {
  const first = landings[0];
  if (!first) {
    throw new Error('The login did not land on /user/appointment');
  }
  return first;
}

test('a booking link on the login page leads to the appointment screen after login', async ({ page }) => {
  const booking = new URLSearchParams({
    clinicUuid: 'c1',
    consultationTypeId: 'ct1',
    departmentId: 'd1',
    doctorId: 'p1',
    startAt: '2026-12-01 09:00:00',
    finishAt: '2026-12-01 09:30:00',
    appointmentComment: 'Knee pain',
  });
  // The appointment list books from the link at once and clears its params (spec 2 §5), so the
  // landing URL is read from the navigation itself.
  const landings: URL[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/user/appointment') {
      landings.push(new URL(frame.url()));
    }
  });
  await page.goto(`/guest/login?${booking.toString()}`);
  await submitLogin(page, DEMO.patient);
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect.poll(() => landings.length).toBeGreaterThan(0);
  const url = requireLanding(landings);
  expect(url.searchParams.get('cameFrom')).toBe('login');
  expect(url.searchParams.get('doctorId')).toBe('p1');
  expect(url.searchParams.get('appointmentComment')).toBe('Knee pain');
  expect(url.searchParams.get('userId')).toBeTruthy();
  // Made-up ids cannot be booked: the list stays, without the link's params (no second try on reload).
  await expect(page).toHaveURL(/\/user\/appointment$/);
});

test('the login page leads to the clinic login', async ({ page }) => {
  await page.goto('/guest/login');
  await page.getByRole('link', { name: 'Log in with your Clinic ID' }).click();
  await expect(page).toHaveURL(/\/guest\/clinic-login$/);
  await expect(page.getByLabel('Clinic Id')).toBeVisible();
  await expect(page.getByLabel('Master Password')).toBeVisible();
});
