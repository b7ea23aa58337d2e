import { test, expect } from '../fixtures/test.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';
import { disconnectInSettings, registerSmartApp, startSmartClient } from '../fixtures/smart-client.ts';

// Issue 21 item 3 (decision 0082): a SMART app launches against the portal (standalone patient
// launch), jane logs in and consents on the portal's consent screen, the app exchanges its code for
// tokens bound to her, reads her Patient, Appointments, vitals Observations and a document's file
// (Binary, decision 0088) through /fhir/R4 (the client page's Read button calls the FHIR URL typed
// into it, from its own origin), and once jane disconnects the app in account settings its next read
// and its refresh are refused (decision 0084). The clinic admin's audit trail then names the app,
// acting for jane (decision 0088). The worker's accessibility watch (fixtures/test.ts) scans the
// portal's screens the test passes through: the login, the consent screen, account settings, the
// audit trail.

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
    clientId = await registerSmartApp(request, appName, client.redirectUri);

    // The app starts the launch; the portal asks jane to log in first, then shows its consent screen.
    await page.goto(client.url);
    await page.getByRole('button', { name: 'Connect to the portal' }).click();
    await expect(page).toHaveURL(/\/guest\/login/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
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

    // The app reads jane's record through FHIR: her Patient, her appointments, her vital signs.
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
    const patient = await read('Patient/{patient}');
    expect(patient.status).toBe(200);
    expect(patient.body).toMatchObject({
      resourceType: 'Patient',
      name: [expect.objectContaining({ family: 'Cooper', given: ['Jane'] })],
    });
    const appointments = await read('Appointment?patient={patient}');
    expect(appointments.status).toBe(200);
    expect(appointments.body).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
    expect((appointments.body.entry as unknown[]).length).toBeGreaterThan(0);
    const vitals = await read('Observation?patient={patient}&category=vital-signs');
    expect(vitals.status).toBe(200);
    const observations = vitals.body.entry as { resource: { resourceType: string; code: unknown } }[];
    expect(observations.length).toBeGreaterThan(0);
    expect(observations[0]?.resource).toMatchObject({
      resourceType: 'Observation',
      code: { coding: [expect.objectContaining({ system: 'http://loinc.org' })] },
    });

    // Her documents: a DocumentReference's link, relative to the FHIR base, opens the file itself
    // (decision 0088), from the app's own origin.
    const documents = await read('DocumentReference?patient={patient}');
    expect(documents.status).toBe(200);
    const links = (
      documents.body.entry as {
        resource: { content: { attachment: { url: string; contentType: string } }[] };
      }[]
    ).map((entry) => entry.resource.content[0]?.attachment);
    const pdf = links.find((attachment) => attachment?.contentType === 'application/pdf');
    expect(pdf?.url).toMatch(/^Binary\/[0-9a-f-]{36}$/);
    await page.locator('#read-path').fill(pdf?.url ?? '');
    await page.getByRole('button', { name: 'Read' }).click();
    await expect(page.locator('#read-result')).toContainText(/^read 200 %PDF-/);

    // jane disconnects the app in account settings, after a confirmation.
    await disconnectInSettings(
      page,
      `${baseURL ?? ''}/user/account-settings`,
      appName,
      'Your vitals and measurements',
    );

    // The app's next calls are refused at once: its read, then its refresh.
    await page.goto(client.redirectUri);
    const refused = await read('Patient/{patient}');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ resourceType: 'OperationOutcome' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('#outcome')).toHaveText('refresh refused: invalid_grant');

    // dr.smith, the clinic's admin, finds the app's reads in the audit trail, named as the app acting
    // for jane (decision 0088), not as an unknown account.
    await signInByApi(page, DEMO.provider, { open: '/provider/audit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Viewed' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const appRead = page
      .getByRole('table', { name: 'Audit events' })
      .getByTestId('audit-event')
      .filter({ hasText: appName })
      .first();
    await expect(appRead).toContainText('Connected app, acting for Jane Cooper');
    await expect(appRead).toContainText('Jane Cooper');
    await page.screenshot({ path: test.info().outputPath('audit-app-1280.png'), fullPage: true });
    // On a phone the events are cards; the app's line is the same.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(
      page
        .getByRole('list', { name: 'Audit events' })
        .getByTestId('audit-event')
        .filter({ hasText: appName })
        .first(),
    ).toContainText('Connected app, acting for Jane Cooper');
    await page.screenshot({ path: test.info().outputPath('audit-app-390.png'), fullPage: true });
  } finally {
    await client.close();
  }
});
