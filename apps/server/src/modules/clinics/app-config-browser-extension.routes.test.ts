import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@app/contracts/variants';
import { parseEnv, type Env } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// Issue 17 item 7 (decision 0046): APP_VARIANT=browser-extension, the provider app inside a browser
// extension; BROWSER_EXTENSION_ORIGIN lets that extension frame the portal and receive the SSO message.

const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

async function withApp(overrides: Partial<Env>, check: (t: TestApp) => Promise<void>) {
  const t = await buildTestApp(overrides);
  try {
    await check(t);
  } finally {
    await t.close();
  }
}

async function readConfig(t: TestApp, url = '/public/app-config') {
  const response = await t.app.inject({ method: 'GET', url });
  return {
    status: response.statusCode,
    body: response.json<unknown>(),
    csp: String(response.headers['content-security-policy']),
    frameOptions: response.headers['x-frame-options'],
  };
}

describe('APP_VARIANT=browser-extension (decision 0046)', () => {
  it('is the provider app, with the extension origin, which alone may frame the portal', async () => {
    await withApp({ APP_VARIANT: 'browser-extension', BROWSER_EXTENSION_ORIGIN: EXTENSION }, async (t) => {
      const { status, body, csp, frameOptions } = await readConfig(t);
      expect(status).toBe(200);
      const config = appConfigSchema.strict().parse(body);
      expect(config).toMatchObject({
        variant: 'browser-extension',
        appName: 'CareManager',
        defaultRole: 'provider',
        grantType: 'doctor_username',
        browserExtensionOrigin: EXTENSION,
        features: { signUp: false, biometricLogin: false, liveChat: false, productTour: false },
      });
      expect(csp).toContain(`frame-ancestors ${EXTENSION}`);
      expect(csp).not.toContain("frame-ancestors 'none'");
      expect(frameOptions).toBeUndefined();
    });
  });

  it('without an extension origin: no origin in the config, nobody may frame the portal', async () => {
    await withApp({ APP_VARIANT: 'browser-extension' }, async (t) => {
      const { body, csp, frameOptions } = await readConfig(t);
      expect(appConfigSchema.strict().parse(body)).not.toHaveProperty('browserExtensionOrigin');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(frameOptions).toBe('SAMEORIGIN');
    });
  });

  it('other variants ignore BROWSER_EXTENSION_ORIGIN', async () => {
    await withApp({ APP_VARIANT: 'care-manager', BROWSER_EXTENSION_ORIGIN: EXTENSION }, async (t) => {
      const { body, csp } = await readConfig(t);
      expect(appConfigSchema.strict().parse(body)).not.toHaveProperty('browserExtensionOrigin');
      expect(csp).toContain("frame-ancestors 'none'");
    });
  });
});

describe('BROWSER_EXTENSION_ORIGIN', () => {
  it('accepts an extension or web origin, lower-cased; an empty value means unset', () => {
    const env = (value: string) =>
      parseEnv({ NODE_ENV: 'test', APP_VARIANT: 'browser-extension', BROWSER_EXTENSION_ORIGIN: value })
        .BROWSER_EXTENSION_ORIGIN;
    expect(env(EXTENSION.toUpperCase().replace('CHROME-EXTENSION', 'chrome-extension'))).toBe(EXTENSION);
    expect(env('moz-extension://1234-abcd')).toBe('moz-extension://1234-abcd');
    expect(env('http://127.0.0.1:4173')).toBe('http://127.0.0.1:4173');
    expect(env('')).toBeUndefined();
  });

  it('refuses anything that is not a bare origin, so start-up stops with a readable message', () => {
    for (const value of [
      'chrome-extension://abc/popup.html',
      'javascript:alert(1)',
      '*',
      'https://a.example/x',
    ]) {
      expect(() => parseEnv({ NODE_ENV: 'test', BROWSER_EXTENSION_ORIGIN: value }), value).toThrow(
        /BROWSER_EXTENSION_ORIGIN: must be an origin/,
      );
    }
  });
});
