import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { jwtVerify } from 'jose';
import {
  startLocalOidcProvider,
  type LocalOidcProvider,
} from '../../apps/server/src/test/local-oidc-provider.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { DEMO, submitLogin } from '../fixtures/demo.ts';
import { freePort, startPortalServer, type PortalServer } from '../fixtures/portal-server.ts';
import { expect, test } from '../fixtures/test.ts';

// spec 1 §2 sso-launch / sso-login / oauth-code/{code} / provider login's feedback branch /
// roadmap redirect screen; §4 Provider single sign-on; §8 SSO failure; decision 0011. The EHR is a
// real OpenID Connect provider (oidc-provider) on localhost; the feedback portal is a small page here
// that checks the signed token, as the real service would.

const FEEDBACK_SECRET = 'e2e-feedback-secret-e2e-feedback-secret';

interface FeedbackPortal {
  url: string;
  stop(): Promise<void>;
}

/** Stands in for the external feedback service: verifies ssoToken and says who signed in. */
async function startFeedbackPortal(): Promise<FeedbackPortal> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const render = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>Feedback portal</title></head><body><main>${body}</main></body></html>`,
      );
    };
    if (url.pathname !== '/sso') {
      render(200, `<h1>Roadmap board</h1><p>Board ${url.pathname}</p>`);
      return;
    }
    jwtVerify(url.searchParams.get('ssoToken') ?? '', new TextEncoder().encode(FEEDBACK_SECRET))
      .then(({ payload }) => {
        const name = typeof payload.name === 'string' ? payload.name : '?';
        render(
          200,
          `<h1>Product roadmap</h1><p>Signed in to the roadmap as ${name}</p><p>Going to ${url.searchParams.get('redirect') ?? ''}</p>`,
        );
      })
      .catch(() => {
        render(401, '<h1>Product roadmap</h1><p>Sign-on refused</p>');
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

interface SsoWorld {
  portal: PortalServer;
  ehr: LocalOidcProvider;
  feedback: FeedbackPortal;
  landing: string;
}

const ssoTest = test.extend<object, { sso: SsoWorld }>({
  sso: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const baseURL = `http://localhost:${port}`;
      const landing = `${baseURL}/sso-login`;
      const ehr = await startLocalOidcProvider({ redirectUris: [landing] });
      const feedback = await startFeedbackPortal();
      const portal = await startPortalServer(
        {
          PUBLIC_URL: baseURL,
          SSO_ATHENAHEALTH_ISSUER: ehr.issuer,
          SSO_ATHENAHEALTH_CLIENT_ID: ehr.clientId,
          SSO_ATHENAHEALTH_CLIENT_SECRET: ehr.clientSecret,
          FEEDBACK_SSO_URL: `${feedback.url}/sso`,
          FEEDBACK_PORTAL_URL: `${feedback.url}/`,
          FEEDBACK_SSO_SECRET: FEEDBACK_SECRET,
        },
        { port },
      );
      await use({ portal, ehr, feedback, landing });
      await portal.stop();
      await feedback.stop();
      await ehr.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ sso }, use) => {
    await use(sso.portal.baseURL);
  },
});

/** A provider the EHR knows by the same verified email. */
async function doctorKnownToEhr(request: APIRequestContext, sso: SsoWorld) {
  const lastName = uniqueName('Sso').replace('.', '');
  const email = `${lastName.toLowerCase()}@example.com`;
  await createUser(request, {
    memberType: 'doctor',
    username: uniqueName('dr.sso'),
    password: 'Doctor#Pass1',
    firstName: 'Sam',
    lastName,
    email,
    // The demo clinic (Riverside Family Health, 1001).
    clinicNumbers: [1001],
    permissions: ['APPOINTMENTS', 'PATIENT'],
  });
  const subject = uniqueName('athena-user');
  sso.ehr.addAccount({ subject, email, emailVerified: true });
  return { subject, name: `Sam ${lastName}` };
}

function landingUrl(sso: SsoWorld, code: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    auth_code: code,
    provider: 'athenahealth',
    request_url: sso.landing,
    ...extra,
  });
  return `/sso-login?${query.toString()}`;
}

/** Holds the token request until released, so the loader can be read (the request itself is real). */
async function holdTokenRequests(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/oauth/v2/token', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

ssoTest.describe('provider single sign-on landing (spec 1 §2, §4)', () => {
  ssoTest(
    'an EHR launch with a real code shows the loader and opens the patient page',
    async ({ page, request, sso }) => {
      const { subject } = await doctorKnownToEhr(request, sso);
      const code = await sso.ehr.obtainCode(subject, sso.landing);
      const release = await holdTokenRequests(page);
      await page.goto(landingUrl(sso, code, { patient_id: 'P-1001' }));
      await expect(page.getByText('Please be patient...')).toBeVisible();
      await expect(page.getByText('We are transferring you.')).toBeVisible();
      release();
      // spec 3 §2: the patient view opens on its appointments tab.
      await expect(page).toHaveURL(/\/provider\/patient\/P-1001\/appointments$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Patient' })).toBeVisible();
      // Permissions were initialised for the provider screens (spec 1 §4).
      const permissions = await page.evaluate(() => localStorage.getItem('providerPermissions'));
      expect(JSON.parse(permissions ?? '[]')).toEqual(expect.arrayContaining(['APPOINTMENTS', 'PATIENT']));
    },
  );

  ssoTest(
    'whoever was signed in is logged out; without a patient the provider lands on appointments',
    async ({ page, request, sso }) => {
      await page.goto('/guest/login');
      await submitLogin(page, DEMO.patient);
      await expect(page).toHaveURL(/\/user\/appointment/);

      const { subject } = await doctorKnownToEhr(request, sso);
      // sso-launch is the same landing (decision 0011).
      const code = await sso.ehr.obtainCode(subject, sso.landing);
      await page.goto(landingUrl(sso, code).replace('/sso-login', '/sso-launch'));
      await expect(page).toHaveURL(/\/provider\/appointments$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
      // The clinic's appointment list (decision 0039), not a placeholder.
      await expect(page.getByRole('table', { name: /^Appointments from / })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Filter appointments' })).toBeVisible();
    },
  );

  ssoTest(
    'missing parameters or a failed sign-on go to guest login (spec 1 §4, §8)',
    async ({ page, sso }) => {
      for (const missing of ['auth_code', 'provider', 'request_url']) {
        const query = new URLSearchParams({ auth_code: 'abc', provider: 'ecw', request_url: sso.landing });
        query.delete(missing);
        await page.goto(`/sso-login?${query.toString()}`);
        await expect(page).toHaveURL(/\/guest\/login$/);
        await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      }
      // A code the EHR never issued: the exchange fails, the person is sent to log in.
      await page.goto(landingUrl(sso, 'made-up-code'));
      await expect(page).toHaveURL(/\/guest\/login$/);
      // An EHR that is not configured here.
      await page.goto(landingUrl(sso, 'any').replace('provider=athenahealth', 'provider=ecw'));
      await expect(page).toHaveURL(/\/guest\/login$/);
    },
  );
});

ssoTest.describe('login by one-time code (spec 1 §2 oauth-code/{code})', () => {
  ssoTest(
    'a one-time code logs in once, with a loader; the second time goes to guest login',
    async ({ page, request, sso }) => {
      const username = uniqueName('pat.code');
      await createUser(request, {
        username,
        password: 'Patient#Pass1',
        firstName: 'Olivia',
        lastName: 'Code',
        securityQuestion: 'First pet?',
        securityAnswer: 'Rex the dog',
      });
      const token = await request.post('/oauth/v2/token', {
        data: { grant_type: 'password', client_id: '34', username, password: 'Patient#Pass1' },
      });
      expect(token.status()).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };
      const baseURL = sso.portal.baseURL;
      const refused = await request.post('/api/oauth-code', {
        headers: { authorization: `Bearer ${access_token}` },
        data: { redirectUri: 'https://elsewhere.example.com/oauth-code' },
      });
      expect(refused.status()).toBe(404);
      expect(await refused.json()).toMatchObject({ message: 'RedirectUri has not been found.' });

      const issued = await request.post('/api/oauth-code', {
        headers: { authorization: `Bearer ${access_token}` },
        data: { redirectUri: `${baseURL}/oauth-code` },
      });
      expect(issued.status()).toBe(200);
      const { redirectUrl } = (await issued.json()) as { redirectUrl: string };

      const release = await holdTokenRequests(page);
      await page.goto(redirectUrl);
      await expect(page.getByText('Please be patient...')).toBeVisible();
      release();
      await expect(page).toHaveURL(/\/user\/appointment\?cameFrom=login$/);

      // Used: even for the person signed in with it, the link now ends at guest login.
      await page.goto(redirectUrl);
      await expect(page).toHaveURL(/\/guest\/login$/);
    },
  );
});

ssoTest.describe('product roadmap sign-on (spec 1 §2 roadmap redirect screen, provider login)', () => {
  async function providerLogin(page: Page, query = '') {
    await page.goto(`/guest/provider-login${query}`);
    await submitLogin(page, DEMO.provider);
  }

  ssoTest(
    'same window: the roadmap screen signs the provider in to the feedback portal',
    async ({ page }) => {
      await providerLogin(page);
      await expect(page).toHaveURL(/\/provider\/appointment/);
      await page.goto('/provider/canny-sso-roadmap');
      await expect(page.getByText(/Signed in to the roadmap as /)).toBeVisible();
    },
  );

  ssoTest('target=blank opens a new window, then goes back', async ({ page }) => {
    await providerLogin(page);
    await expect(page).toHaveURL(/\/provider\/appointment/);
    const popupPromise = page.waitForEvent('popup');
    await page.goto('/provider/canny-sso-roadmap?target=blank');
    const popup = await popupPromise;
    await expect(popup.getByText(/Signed in to the roadmap as /)).toBeVisible();
    await expect(page).toHaveURL(/\/provider\/appointment/);
    await popup.close();
  });

  ssoTest(
    "provider login with the feedback service's parameters signs on to the roadmap instead",
    async ({ page, sso }) => {
      const board = `${sso.feedback.url}/board/ideas`;
      await providerLogin(
        page,
        `?${new URLSearchParams({ companyID: 'care-portal', redirect: board }).toString()}`,
      );
      await expect(page.getByText(`Going to ${board}`)).toBeVisible();
      await expect(page.getByText(/Signed in to the roadmap as /)).toBeVisible();
    },
  );
});

test('without configuration the roadmap screen says it is not configured', async ({ page }) => {
  await page.goto('/guest/provider-login');
  await submitLogin(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/appointment/);
  await page.goto('/provider/canny-sso-roadmap');
  await expect(page.getByText('The product roadmap is not configured.')).toBeVisible();
  // The back button lands on the clinic's appointment list (decision 0039).
  await page.getByRole('link', { name: 'Back to appointments' }).click();
  await expect(page).toHaveURL(/\/provider\/appointments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Appointments from / })).toBeVisible();
});
