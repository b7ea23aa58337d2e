import { test, expect } from '../fixtures/test.ts';
import { scanPage } from '../fixtures/accessibility.ts';

// Issue 21 item 5 (decision 0080): the API description's viewer at /docs, from the server's own files,
// under the portal's Content-Security-Policy.
test('the API docs show the API, an operation, who may call it, and its answer', async ({
  page,
  baseURL,
}) => {
  // A script or style the Content-Security-Policy refused would show as a console error.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      consoleErrors.push(message.text());
    }
  });
  // Self-hosted: every file of the viewer comes from our own origin (no CDN, no fonts from elsewhere).
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Care portal API/ })).toBeVisible();

  // The tags start closed; opening one shows its operations, and an operation its details.
  await page.locator('#operations-tag-appointments').click();
  const appointmentsList = page.locator('#operations-appointments-get_api_appointments');
  await appointmentsList.getByRole('button', { name: 'GET /api/appointments', exact: true }).click();
  await expect(appointmentsList.getByText('Any signed-in caller (patient or provider).')).toBeVisible();
  await expect(appointmentsList.getByRole('heading', { name: 'Responses' })).toBeVisible();

  // The viewer, opened and with an operation expanded, passes axe (the worker's watch scanned it
  // when it loaded; this is the expanded state).
  expect(await scanPage(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
  const origin = new URL(baseURL ?? '').origin;
  expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  expect(requested).toContain(`${origin}/docs/openapi.json`);
});
