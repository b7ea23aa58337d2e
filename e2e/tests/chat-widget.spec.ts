import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test as base, expect } from '../fixtures/test.ts';
import { DEMO } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';

// spec 1 §1, §4, §6: the live-chat widget and the product tour load only in the Care Manager app,
// for a signed-in provider (decision 0016). The "external services" are a tiny script this test
// serves itself on localhost; it marks the page so we can see it really ran.

interface ScriptHost {
  chatUrl: string;
  tourUrl: string;
  /** How many times the browser asked for a script. */
  requests: () => number;
}

const SCRIPT = "document.documentElement.setAttribute('data-test-script-ran', 'yes');";

function withScriptHost(variant: 'care-manager' | 'care-plan') {
  return base.extend<object, { scriptHost: ScriptHost }>({
    scriptHost: [
      // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring for a fixture without dependencies.
      async ({}, use) => {
        let requests = 0;
        const server: Server = createServer((_request, response) => {
          requests += 1;
          response.writeHead(200, { 'content-type': 'text/javascript' });
          response.end(SCRIPT);
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const { port } = server.address() as AddressInfo;
        await use({
          chatUrl: `http://127.0.0.1:${port}/chat-widget.js`,
          tourUrl: `http://127.0.0.1:${port}/product-tour.js`,
          requests: () => requests,
        });
        await new Promise<void>((resolve) =>
          server.close(() => {
            resolve();
          }),
        );
      },
      { scope: 'worker' },
    ],
    portalEnv: [
      async ({ scriptHost }, use) => {
        await use({
          APP_VARIANT: variant,
          CHAT_WIDGET_SCRIPT_URL: scriptHost.chatUrl,
          PRODUCT_TOUR_SCRIPT_URL: scriptHost.tourUrl,
        });
      },
      { scope: 'worker' },
    ],
  });
}

async function stateOf(page: Page, attribute: 'data-chat-widget' | 'data-product-tour') {
  return page.locator('html').getAttribute(attribute);
}

const careManager = withScriptHost('care-manager');

careManager(
  'Care Manager: the chat widget and product tour load for a signed-in provider and go on logout',
  async ({ page, scriptHost }) => {
    await page.goto('/guest/landing');
    await expect(page.locator('html')).not.toHaveAttribute('data-chat-widget');
    expect(scriptHost.requests()).toBe(0);

    await signInByApi(page, DEMO.provider);
    await expect(page).toHaveURL(/\/provider\/appointment/);
    await expect(page.locator('html')).toHaveAttribute('data-chat-widget', 'loaded');
    await expect(page.locator('html')).toHaveAttribute('data-product-tour', 'loaded');
    await expect(page.locator('html')).toHaveAttribute('data-test-script-ran', 'yes');
    expect(scriptHost.requests()).toBe(2);
    await expect(page.locator('script[data-external-script="chat-widget"]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/guest\/landing/);
    expect(await stateOf(page, 'data-chat-widget')).toBe('destroyed');
    expect(await stateOf(page, 'data-product-tour')).toBe('destroyed');
    await expect(page.locator('script[data-external-script]')).toHaveCount(0);
  },
);

const carePlan = withScriptHost('care-plan');

carePlan(
  'care-plan app: nothing loads, even when the scripts are configured',
  async ({ page, scriptHost }) => {
    await signInByApi(page, DEMO.provider);
    await expect(page).toHaveURL(/\/provider\/appointment/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await stateOf(page, 'data-chat-widget')).toBeNull();
    expect(await stateOf(page, 'data-product-tour')).toBeNull();
    await expect(page.locator('script[data-external-script]')).toHaveCount(0);
    expect(scriptHost.requests()).toBe(0);
  },
);
