import type { Page } from '@playwright/test';
import { webAppManifestSchema } from '@app/contracts/installable-app';
import { scanPage } from '../fixtures/accessibility.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { DEMO_PASSWORD } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';
import { expect, test } from '../fixtures/test.ts';

// Issue 16 item 4 (docs/decisions/0038-installable-app.md): the installable app — our answer to the
// native apps of spec 1 §1. The rest of the suite blocks service workers (playwright.config.ts); these
// tests are about the worker, so they allow it.
test.use({ serviceWorkers: 'allow' });

const OFFLINE_TEXT =
  'The portal cannot be reached right now. It will reconnect by itself as soon as your connection is back.';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function controllingWorker(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

async function newPatient(page: Page): Promise<string> {
  const username = uniqueName('pwa.patient');
  await createUser(page.request, {
    username,
    password: DEMO_PASSWORD,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
  });
  return username;
}

test('the page links a valid manifest whose every icon answers an image', async ({ page }) => {
  await page.goto('/guest/landing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = webAppManifestSchema.parse(await response.json());
  // The care-plan app: a patient app, opened through the root redirect.
  expect(manifest).toMatchObject({
    name: 'MyCarePlan',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#33a094',
  });
  expect(manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual([
    '192x192',
    '512x512',
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe(icon.type);
    const body = await image.body();
    if (icon.type === 'image/png') {
      expect(pngSize(body)).toBe(icon.sizes);
    } else {
      expect(body.toString('utf8')).toMatch(/^<svg /);
    }
  }
  // iOS reads its icon from the page, not from the manifest.
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await page.request.get(apple ?? '')).body())).toBe('180x180');
});

test('the service worker controls the app, keeps no health data, and a reload offline shows the offline screen', async ({
  page,
  context,
  baseURL,
}) => {
  const username = await newPatient(page);
  await signInByApi(page, username);
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Registered after load, for the whole app, and in control of the open page without a reload.
  await expect
    .poll(() => controllingWorker(page), { timeout: 15_000 })
    .toBe(`${baseURL ?? ''}/service-worker.js`);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(
    `${baseURL ?? ''}/`,
  );

  // Its cache holds the app shell and nothing the API answered (the patient's screen has loaded).
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(`${name} ${new URL(request.url).pathname}`);
      }
    }
    return paths;
  });
  expect(cached.length).toBeGreaterThan(2);
  for (const entry of cached) {
    expect(entry).toMatch(/^care-portal-shell-[0-9a-f]{16} (\/|\/assets\/[\w.-]+\.(js|css))$/);
  }

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // Same path as the screen scanned before, so the watch would not scan it: scanned here.
  expect(await scanPage(page)).toEqual([]);

  // Back online, it reconnects by itself, to the same screen of the same session.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeHidden({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});

test('where the browser offers to install, the side menu does too, and "Not now" is remembered', async ({
  page,
}) => {
  const username = await newPatient(page);
  await signInByApi(page, username);
  await expect(page).toHaveURL(/\/user\/appointment/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // No offer while the browser has offered nothing.
  const offer = page.getByRole('region', { name: 'Install the app' });
  await expect(offer).toHaveCount(0);

  // Chromium's install offer, as the browser fires it once the app is installable.
  const fireInstallPrompt = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: () => {
          document.documentElement.dataset.installPrompted = 'yes';
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
  await fireInstallPrompt();
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Open MyCarePlan from your home screen or desktop, in its own window.');
  await offer.getByRole('button', { name: 'Install the app' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-install-prompted', 'yes');
  await expect(offer).toHaveCount(0);

  // Offered again (a new visit), declined, and not offered after a reload.
  await fireInstallPrompt();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await fireInstallPrompt();
  await expect(offer).toHaveCount(0);
});
