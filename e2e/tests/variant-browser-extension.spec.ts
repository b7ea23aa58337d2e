import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startLocalOidcProvider,
  type LocalOidcProvider,
} from '../../apps/server/src/test/local-oidc-provider.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { freePort, startPortalServer, type PortalServer } from '../fixtures/portal-server.ts';
import { expect, test } from '../fixtures/test.ts';

// Issue 17 item 7 (decision 0046): APP_VARIANT=browser-extension. A test extension page — a page on
// its own origin (BROWSER_EXTENSION_ORIGIN) that frames the portal, as the extension's panel does —
// receives the SSO message after an athenahealth single sign-on (spec 1 §4), and the menu's Open in
// Browser opens the portal signed in in a normal tab (spec 3 §2). The EHR is a real OpenID Connect
// provider on localhost (as in sso.spec.ts).

interface ExtensionPage {
  origin: string;
  stop(): Promise<void>;
}

/** Stands in for the extension: frames ?src= and lists every message the portal posts to it. */
async function startExtensionPage(portalOrigin: string): Promise<ExtensionPage> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const src = url.searchParams.get('src') ?? '';
    const page = `<!doctype html><html lang="en"><head><title>Test extension</title></head><body><main>
<h1>Test extension</h1>
<h2 id="messages-heading">Messages from the portal</h2>
<ul id="messages" aria-labelledby="messages-heading"></ul>
<iframe title="Care portal" src="${src.replaceAll('"', '&quot;')}" width="900" height="640"></iframe>
</main><script>
window.addEventListener('message', (event) => {
  if (event.origin !== ${JSON.stringify(portalOrigin)}) { return; }
  const item = document.createElement('li');
  item.textContent = JSON.stringify(event.data);
  document.getElementById('messages').append(item);
});
</script></body></html>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

interface ExtensionWorld {
  portal: PortalServer;
  ehr: LocalOidcProvider;
  extension: ExtensionPage;
  landing: string;
}

const extensionTest = test.extend<object, { world: ExtensionWorld }>({
  world: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const baseURL = `http://localhost:${port}`;
      const landing = `${baseURL}/sso-login`;
      const ehr = await startLocalOidcProvider({ redirectUris: [landing] });
      const extension = await startExtensionPage(baseURL);
      const portal = await startPortalServer(
        {
          APP_VARIANT: 'browser-extension',
          BROWSER_EXTENSION_ORIGIN: extension.origin,
          PUBLIC_URL: baseURL,
          SSO_ATHENAHEALTH_ISSUER: ehr.issuer,
          SSO_ATHENAHEALTH_CLIENT_ID: ehr.clientId,
          SSO_ATHENAHEALTH_CLIENT_SECRET: ehr.clientSecret,
        },
        { port },
      );
      await use({ portal, ehr, extension, landing });
      await portal.stop();
      await extension.stop();
      await ehr.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ world }, use) => {
    await use(world.portal.baseURL);
  },
});

extensionTest(
  'an athenahealth sign-on inside the extension posts the SSO message; Open in Browser opens a signed-in tab',
  async ({ page, context, request, world }) => {
    // A provider the EHR knows by the same verified email, in the demo clinic.
    const lastName = uniqueName('Ext').replace('.', '');
    const email = `${lastName.toLowerCase()}@example.com`;
    await createUser(request, {
      memberType: 'doctor',
      username: uniqueName('dr.ext'),
      password: 'Doctor#Pass1',
      firstName: 'Eve',
      lastName,
      email,
      clinicNumbers: [1001],
      permissions: ['APPOINTMENTS', 'PATIENT'],
      // A complete account: the tab's login then lands on the schedule, not the security page.
      securityQuestion: 'First pet?',
      securityAnswer: 'Rex the dog',
    });
    const subject = uniqueName('athena-ext');
    world.ehr.addAccount({ subject, email, emailVerified: true });
    const code = await world.ehr.obtainCode(subject, world.landing);
    const launch = `${world.landing}?${new URLSearchParams({
      auth_code: code,
      provider: 'athenahealth',
      request_url: world.landing,
    }).toString()}`;

    await page.goto(`${world.extension.origin}/?${new URLSearchParams({ src: launch }).toString()}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Test extension' })).toBeVisible();
    // The portal may be framed by the extension (frame-ancestors) and lands on provider appointments.
    const portal = page.frameLocator('iframe[title="Care portal"]');
    await expect(portal.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();

    // spec 1 §4: the extension received the SSO message — no token in it.
    const messages = page.getByRole('list', { name: 'Messages from the portal' }).getByRole('listitem');
    await expect(messages).toHaveCount(1);
    const message = JSON.parse((await messages.first().textContent()) ?? '{}') as Record<string, unknown>;
    expect(message).toEqual({ type: 'care-portal:sso-login', provider: 'athenahealth', patientId: null });

    // spec 3 §2: Open in Browser, only in this app, opens the portal in a normal tab, signed in.
    await portal.getByRole('button', { name: 'Open menu' }).click();
    const before = new Set(context.pages());
    await portal.getByRole('button', { name: /^Open in Browser/ }).click();
    // The tab opens blank on the click, then goes to /oauth-code/{code}; the portal's
    // Cross-Origin-Opener-Policy moves that load to a fresh browsing context (a new page here).
    const signedInTab = () =>
      context.pages().find((candidate) => !before.has(candidate) && /\/provider\//.test(candidate.url()));
    await expect
      .poll(() => signedInTab()?.url() ?? '', { timeout: 30_000 })
      .toMatch(/\/provider\/appointment/);
    const tab = signedInTab();
    if (!tab) {
      throw new Error('no signed-in tab');
    }
    await expect(tab.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await tab.getByRole('button', { name: 'Open menu' }).click();
    await expect(tab.getByText(`Eve ${lastName}`)).toBeVisible();
    // The new tab cannot reach back into the extension.
    expect(await tab.evaluate(() => window.opener === null)).toBe(true);
    await tab.close();
  },
);

extensionTest('a page on another origin may not frame the portal', async ({ page, world }) => {
  const response = await page.request.get('/provider/appointment');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`frame-ancestors ${world.extension.origin}`);
  expect(csp).not.toContain('frame-ancestors *');
});
