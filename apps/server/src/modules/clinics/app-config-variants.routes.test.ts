import { describe, expect, it } from 'vitest';
import { APP_VARIANTS, appConfigSchema } from '@app/contracts/variants';
import { parseEnv, type Env } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { VARIANT_DEFAULTS } from './app-config.service.ts';

// Decision 0037: the variants spec 1 §1 names besides care-plan, care-manager and check-in.

async function readConfig(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/public/app-config' });
  expect(response.statusCode).toBe(200);
  return {
    config: appConfigSchema.strict().parse(response.json()),
    csp: String(response.headers['content-security-policy']),
  };
}

async function withApp(overrides: Partial<Env>, check: (t: TestApp) => Promise<void>) {
  const t = await buildTestApp(overrides);
  try {
    await check(t);
  } finally {
    await t.close();
  }
}

const scripts = {
  CHAT_WIDGET_SCRIPT_URL: 'https://chat.example.com/widget.js',
  PRODUCT_TOUR_SCRIPT_URL: 'https://tour.example.org/v2/tour.js',
};

describe('VARIANT_DEFAULTS (decision 0037)', () => {
  it('has defaults for every variant of the contract', () => {
    expect(Object.keys(VARIANT_DEFAULTS).sort()).toEqual([...APP_VARIANTS].sort());
  });

  it('keeps biometric login, live chat and the product tour to Care Manager (spec 1 §1 "only")', () => {
    for (const variant of APP_VARIANTS) {
      const { biometricLogin, liveChat, productTour } = VARIANT_DEFAULTS[variant].features;
      const careManager = variant === 'care-manager';
      expect({ variant, biometricLogin, liveChat, productTour }).toEqual({
        variant,
        biometricLogin: careManager,
        liveChat: careManager,
        productTour: careManager,
      });
    }
  });

  it('makes the provider apps log in with the doctor username grant as providers', () => {
    for (const variant of APP_VARIANTS) {
      const provider =
        variant === 'care-manager' || variant === 'womens-healthcare' || variant === 'browser-extension';
      expect(VARIANT_DEFAULTS[variant].defaultRole === 'provider').toBe(provider);
      expect(VARIANT_DEFAULTS[variant].grantType === 'doctor_username').toBe(provider);
    }
  });
});

describe('GET /public/app-config per APP_VARIANT (decision 0037)', () => {
  it('quick-link: a patient app without sign-up, under the patient app name', async () => {
    await withApp({ APP_VARIANT: 'quick-link' }, async (t) => {
      const { config } = await readConfig(t);
      expect(config).toMatchObject({
        variant: 'quick-link',
        appName: 'MyCarePlan',
        defaultRole: 'guest',
        grantType: 'password',
        clientId: '34',
        features: {
          signUp: false,
          biometricLogin: false,
          liveChat: false,
          productTour: false,
          credentialRecoverySelect: true,
        },
      });
    });
  });

  it('unitedmd: the care-plan defaults under the name UnitedMD', async () => {
    await withApp({ APP_VARIANT: 'unitedmd' }, async (t) => {
      const { config } = await readConfig(t);
      expect(config).toMatchObject({
        variant: 'unitedmd',
        appName: 'UnitedMD',
        defaultRole: 'guest',
        grantType: 'password',
        features: VARIANT_DEFAULTS['care-plan'].features,
      });
    });
  });

  it('womens-healthcare: a provider app without biometrics, chat or tour, even when configured', async () => {
    await withApp({ APP_VARIANT: 'womens-healthcare', ...scripts }, async (t) => {
      const { config, csp } = await readConfig(t);
      expect(config).toMatchObject({
        variant: 'womens-healthcare',
        appName: "Women's Health",
        defaultRole: 'provider',
        grantType: 'doctor_username',
        features: {
          signUp: false,
          biometricLogin: false,
          liveChat: false,
          productTour: false,
          credentialRecoverySelect: false,
        },
      });
      expect(config).not.toHaveProperty('chatWidgetScriptUrl');
      expect(config).not.toHaveProperty('productTourScriptUrl');
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    });
  });

  it('APP_NAME=UnitedMD on the care-plan variant, the spelling of decision 0010, still starts the UnitedMD app', async () => {
    const legacy = parseEnv({ NODE_ENV: 'test', APP_NAME: 'UnitedMD' });
    await withApp({ APP_VARIANT: legacy.APP_VARIANT, APP_NAME: legacy.APP_NAME }, async (t) => {
      const { config } = await readConfig(t);
      expect(config.variant).toBe('unitedmd');
      expect(config.appName).toBe('UnitedMD');
    });
  });
});
