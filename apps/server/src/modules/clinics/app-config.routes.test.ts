import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema, DEFAULT_BRAND_BACKGROUND } from '@app/contracts/variants';
import { clinics } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { Env } from '../../env.ts';

async function readConfig(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/public/app-config' });
  expect(response.statusCode).toBe(200);
  return appConfigSchema.strict().parse(response.json());
}

async function withApp(overrides: Partial<Env>, check: (t: TestApp) => Promise<void>) {
  const t = await buildTestApp(overrides);
  try {
    await check(t);
  } finally {
    await t.close();
  }
}

describe('GET /public/app-config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the care-plan defaults without a login, with default branding when there is no clinic', async () => {
    expect(await readConfig(t)).toEqual({
      variant: 'care-plan',
      appName: 'MyCarePlan',
      defaultRole: 'guest',
      grantType: 'password',
      clientId: '34',
      features: {
        signUp: true,
        biometricLogin: false,
        liveChat: false,
        productTour: false,
        credentialRecoverySelect: true,
      },
      branding: { logo: null, backgroundColor: DEFAULT_BRAND_BACKGROUND, checkInFlowColor: null },
      devOutbox: true,
    });
  });

  it('takes branding from the first clinic', async () => {
    await t.context.db.insert(clinics).values({
      clinicNumber: 2001,
      name: 'First',
      logo: '/files/logo.png',
      backgroundColor: '#123456',
      checkInFlowColor: '#654321',
    });
    await t.context.db
      .insert(clinics)
      .values({ clinicNumber: 2002, name: 'Second', backgroundColor: '#000000' });
    expect((await readConfig(t)).branding).toEqual({
      logo: '/files/logo.png',
      backgroundColor: '#123456',
      checkInFlowColor: '#654321',
    });
  });
});

describe('GET /public/app-config per variant', () => {
  it('care-manager: provider role, doctor username grant, biometrics, chat and tour, no sign-up', async () => {
    await withApp({ APP_VARIANT: 'care-manager' }, async (t) => {
      const config = await readConfig(t);
      expect(config).toMatchObject({
        variant: 'care-manager',
        appName: 'CareManager',
        defaultRole: 'provider',
        grantType: 'doctor_username',
        clientId: '34',
        features: {
          signUp: false,
          biometricLogin: true,
          liveChat: true,
          productTour: true,
          credentialRecoverySelect: false,
        },
      });
    });
  });

  it('check-in: guest role, password grant, no sign-up; no dev outbox in production', async () => {
    await withApp(
      { APP_VARIANT: 'check-in', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) },
      async (t) => {
        const config = await readConfig(t);
        expect(config).toMatchObject({
          variant: 'check-in',
          appName: 'Check-In',
          defaultRole: 'guest',
          grantType: 'password',
          features: {
            signUp: false,
            biometricLogin: false,
            liveChat: false,
            productTour: false,
            credentialRecoverySelect: true,
          },
          devOutbox: false,
        });
      },
    );
  });
});

describe('APP_NAME (the UnitedMD app is a variant since decision 0037)', () => {
  it('overrides the variant app name and keeps the rest of the variant', async () => {
    await withApp({ APP_NAME: 'Riverside Care' }, async (t) => {
      const config = await readConfig(t);
      expect(config.appName).toBe('Riverside Care');
      expect(config.variant).toBe('care-plan');
      expect(config.features.signUp).toBe(true);
    });
  });
});

describe('chat widget and product tour scripts (spec 1 §1, §4; decision 0016)', () => {
  const scripts = {
    CHAT_WIDGET_SCRIPT_URL: 'https://chat.example.com/widget.js',
    PRODUCT_TOUR_SCRIPT_URL: 'https://tour.example.org/v2/tour.js',
  };

  async function cspOf(t: TestApp): Promise<string> {
    const response = await t.app.inject({ method: 'GET', url: '/public/app-config' });
    return String(response.headers['content-security-policy']);
  }

  it('care-manager: the configured URLs reach the app and their origins join script-src and connect-src', async () => {
    await withApp({ APP_VARIANT: 'care-manager', ...scripts }, async (t) => {
      const config = await readConfig(t);
      expect(config.chatWidgetScriptUrl).toBe(scripts.CHAT_WIDGET_SCRIPT_URL);
      expect(config.productTourScriptUrl).toBe(scripts.PRODUCT_TOUR_SCRIPT_URL);
      const csp = await cspOf(t);
      expect(csp).toContain(
        "script-src 'self' 'wasm-unsafe-eval' https://chat.example.com https://tour.example.org;",
      );
      expect(csp).toContain("connect-src 'self' https://chat.example.com https://tour.example.org;");
    });
  });

  it('care-manager without configuration: no URLs and the strict CSP', async () => {
    await withApp({ APP_VARIANT: 'care-manager' }, async (t) => {
      const config = await readConfig(t);
      expect(config).not.toHaveProperty('chatWidgetScriptUrl');
      expect(config).not.toHaveProperty('productTourScriptUrl');
      const csp = await cspOf(t);
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(csp).toContain("connect-src 'self';");
    });
  });

  it.each(['care-plan', 'check-in'] as const)(
    '%s: configured URLs are neither delivered nor allowed by the CSP',
    async (variant) => {
      await withApp({ APP_VARIANT: variant, ...scripts }, async (t) => {
        const config = await readConfig(t);
        expect(config).not.toHaveProperty('chatWidgetScriptUrl');
        expect(config).not.toHaveProperty('productTourScriptUrl');
        expect(await cspOf(t)).toContain("script-src 'self' 'wasm-unsafe-eval';");
      });
    },
  );
});
