import { test, expect } from '../fixtures/test.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { createClinic, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { freePort } from '../fixtures/portal-server.ts';
import { disconnectInSettings, registerSmartApp, startSmartClient } from '../fixtures/smart-client.ts';

// Decision 0089: a provider's standalone SMART launch (`user/` scopes). The app starts the launch, the
// portal sends dr.smith through the provider login to the provider area's consent screen, which names
// the app, his clinic and what it may read; he allows, the app reads a patient of his clinic and is
// refused one of another clinic; he disconnects it in his account settings and its next read is
// refused. The worker's accessibility watch (fixtures/test.ts) scans the provider login, the consent
// screen and account settings.

const PROVIDER_SCOPE = 'openid fhirUser user/*.rs';
const DEMO_CLINIC = 'Riverside Family Health';

test('dr.smith connects a SMART app to his clinic, it reads only his clinic, and disconnecting stops it', async ({
  page,
  request,
  baseURL,
}) => {
  const appName = uniqueName('Clinic Dashboard');
  let clientId = '';
  // The client app lives on its own origin (a port of its own) like a real third party.
  const client = await startSmartClient(await freePort(), baseURL ?? '', () => clientId, PROVIDER_SCOPE);
  try {
    clientId = await registerSmartApp(request, appName, client.redirectUri);
    // A patient of dr.smith's clinic (1001) and one of a clinic where he holds nothing.
    const ownPatient = await createUser(request, {
      username: uniqueName('app.own'),
      lastName: 'Ownclinic',
      clinicNumbers: [1001],
    });
    const otherClinic = await createClinic(request, { name: uniqueName('Elsewhere Clinic') });
    const otherPatient = await createUser(request, {
      username: uniqueName('app.other'),
      lastName: 'Otherclinic',
      clinicNumbers: [otherClinic.clinicNumber],
    });

    // The app starts the launch; a provider's scopes lead to the provider login, then the consent.
    await page.goto(client.url);
    await page.getByRole('button', { name: 'Connect to the portal' }).click();
    await expect(page).toHaveURL(/\/guest\/provider-login\?redirectTo=%2Fprovider%2Fconnect-app%2F/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await submitLogin(page, DEMO.provider);
    await expect(page).toHaveURL(/\/provider\/connect-app\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Let ${appName} read your patients' records?` }),
    ).toBeVisible();
    await expect(page.getByText(`(${new URL(client.url).origin}) asks to read this`)).toBeVisible();
    const scopes = page.getByTestId('consent-scopes');
    await expect(scopes.getByText("Your patients' vitals and measurements")).toBeVisible();
    await expect(scopes.getByText('Who you are (your account in the portal)')).toBeVisible();
    const clinics = page.getByRole('region', { name: 'Clinics whose patients it may read' });
    await expect(clinics.getByText(DEMO_CLINIC, { exact: true })).toBeVisible();
    // The consent screen sits in the provider shell, like his other screens.
    await expect(page.getByRole('navigation').first()).toBeVisible();

    // Allow: back to the app with a code, which it exchanges for a token with no patient bound.
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(new RegExp(`^${client.redirectUri}\\?code=`));
    await expect(page.locator('#outcome')).toHaveText(`connected: ${PROVIDER_SCOPE}`);

    const read = async (path: string) => {
      await page.locator('#read-path').fill(path);
      await page.getByRole('button', { name: 'Read' }).click();
      await expect(page.locator('#read-result')).toContainText(/^read \d{3} /);
      const text = (await page.locator('#read-result').textContent()) ?? '';
      const [, status, body] = /^read (\d{3}) ([\s\S]*)$/.exec(text) ?? [];
      await page.locator('#read-result').evaluate((element) => {
        element.textContent = '';
      });
      return { status: Number(status), body: JSON.parse(body ?? '{}') as Record<string, unknown> };
    };
    const own = await read(`Patient/${ownPatient.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      resourceType: 'Patient',
      name: [expect.objectContaining({ family: 'Ownclinic' })],
    });
    const other = await read(`Patient/${otherPatient.id}`);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ resourceType: 'OperationOutcome' });

    // dr.smith disconnects the app in his account settings, after a confirmation.
    await disconnectInSettings(
      page,
      `${baseURL ?? ''}/provider/account-settings`,
      appName,
      "Your patients' vitals and measurements",
    );

    // The app's next read is refused at once.
    await page.goto(client.redirectUri);
    const refused = await read(`Patient/${ownPatient.id}`);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ resourceType: 'OperationOutcome' });
  } finally {
    await client.close();
  }
});

test("dr.smith denies a SMART app's request: the app is told access_denied and gets nothing", async ({
  page,
  request,
  baseURL,
}) => {
  const appName = uniqueName('Clinic Dashboard');
  let clientId = '';
  const client = await startSmartClient(await freePort(), baseURL ?? '', () => clientId, PROVIDER_SCOPE);
  try {
    clientId = await registerSmartApp(request, appName, client.redirectUri);

    await page.goto(client.url);
    await page.getByRole('button', { name: 'Connect to the portal' }).click();
    await submitLogin(page, DEMO.provider);
    await expect(page).toHaveURL(/\/provider\/connect-app\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Let ${appName} read your patients' records?` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL(new RegExp(`^${client.redirectUri}\\?error=access_denied`));
    await expect(page.locator('#outcome')).toHaveText('authorization refused: access_denied');

    await page.goto(`${baseURL ?? ''}/provider/account-settings`);
    const section = page.getByRole('region', { name: 'Connected apps' });
    await expect(section.getByText(/^These apps can read the records of your patients/)).toBeVisible();
    await expect(section.getByTestId('connected-app').filter({ hasText: appName })).toHaveCount(0);
  } finally {
    await client.close();
  }
});
