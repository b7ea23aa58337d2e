import { test, expect } from '../fixtures/test.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { startSmartClient } from '../fixtures/smart-client.ts';

// Issue 21 item 3 (decision 0082): a SMART app launches against the portal (standalone patient
// launch), jane logs in and consents on the portal's consent screen, the app exchanges its code for
// tokens bound to her, and once jane disconnects the app in account settings its refresh is refused.
// The FHIR reads (Patient, Appointments, vitals) are added here when /fhir/R4 lands (the client page's
// Read button calls the FHIR URL typed into it). The worker's accessibility watch (fixtures/test.ts)
// scans the portal's screens the test passes through: the login, the consent screen, account settings.

// Ports 3540-3559 are this spec's; the client app lives on its own origin like a real third party.
const CLIENT_PORT = 3541;

test('jane connects a SMART app, the app gets her tokens, and disconnecting it stops them', async ({
  page,
  request,
  baseURL,
}) => {
  const appName = uniqueName('Health Diary');
  let clientId = '';
  const client = await startSmartClient(CLIENT_PORT, baseURL ?? '', () => clientId);
  try {
    const registered = await request.post('/dev/fixtures/smart-apps', {
      data: { name: appName, redirectUris: [client.redirectUri] },
    });
    expect(registered.status()).toBe(201);
    clientId = ((await registered.json()) as { clientId: string }).clientId;

    // The app starts the launch; the portal asks jane to log in first, then shows its consent screen.
    await page.goto(client.url);
    await page.getByRole('button', { name: 'Connect to the portal' }).click();
    await expect(page).toHaveURL(/\/guest\/login/);
    await submitLogin(page, DEMO.patient);
    await expect(page).toHaveURL(/\/user\/connect-app\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Connect ${appName} to your account?` }),
    ).toBeVisible();
    const scopes = page.getByTestId('consent-scopes');
    await expect(scopes.getByText('Your appointments')).toBeVisible();
    await expect(scopes.getByText('Your vitals and measurements')).toBeVisible();
    await expect(scopes.getByText('Your profile: name, date of birth and contact details')).toBeVisible();
    await expect(page.getByText(`(http://localhost:${String(CLIENT_PORT)}) asks to read`)).toBeVisible();

    // Allow: back to the app with a code, which the app exchanges for tokens bound to jane.
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(new RegExp(`^${client.redirectUri}\\?code=`));
    await expect(page.locator('#outcome')).toContainText('connected: ');
    await expect(page.locator('#outcome')).toContainText('patient/*.rs');
    await expect(page.locator('#patient')).toHaveText(/^patient [0-9a-f-]{36}$/);
    // Its refresh token works while the app is connected (and rotates).
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('#outcome')).toHaveText('refreshed');

    // jane disconnects the app in account settings, after a confirmation.
    await page.goto(`${baseURL ?? ''}/user/account-settings`);
    const section = page.getByRole('region', { name: 'Connected apps' });
    const row = section.getByTestId('connected-app').filter({ hasText: appName });
    await expect(row).toBeVisible();
    await expect(row.getByText('Your vitals and measurements')).toBeVisible();
    await row.getByRole('button', { name: `Disconnect ${appName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disconnect ${appName}?` });
    await dialog.getByText('Disconnect', { exact: true }).click();
    await expect(section.getByRole('status')).toHaveText(`${appName} was disconnected.`);
    await expect(section.getByTestId('connected-app').filter({ hasText: appName })).toHaveCount(0);

    // The app's next call is refused at once.
    await page.goto(client.redirectUri);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('#outcome')).toHaveText('refresh refused: invalid_grant');
  } finally {
    await client.close();
  }
});
