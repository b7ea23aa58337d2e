import { describe, expect, it } from 'vitest';
import { APP_VARIANTS, appConfigSchema } from '@app/contracts/variants';
import { TEST_CONFIG } from '../../test/render.tsx';
import { isAppConfig, KNOWN_VARIANTS } from './app-config.ts';

describe('isAppConfig', () => {
  it('accepts what the contract schema accepts', () => {
    expect(appConfigSchema.safeParse(TEST_CONFIG).success).toBe(true);
    expect(isAppConfig(TEST_CONFIG)).toBe(true);
    expect(isAppConfig({ ...TEST_CONFIG, variant: 'check-in', grantType: 'doctor_username' })).toBe(true);
  });

  it('accepts every variant of the contract, the ones added by decision 0037 too', () => {
    expect([...KNOWN_VARIANTS]).toEqual([...APP_VARIANTS]);
    for (const variant of ['quick-link', 'unitedmd', 'womens-healthcare'] as const) {
      expect(appConfigSchema.safeParse({ ...TEST_CONFIG, variant }).success).toBe(true);
      expect(isAppConfig({ ...TEST_CONFIG, variant })).toBe(true);
    }
  });

  it('refuses what the contract schema refuses', () => {
    const broken = [
      { ...TEST_CONFIG, variant: 'kiosk' },
      { ...TEST_CONFIG, variant: 'UnitedMD' },
      { ...TEST_CONFIG, clientId: 34 },
      { ...TEST_CONFIG, features: { ...TEST_CONFIG.features, signUp: 'yes' } },
      { ...TEST_CONFIG, branding: { logo: null, checkInFlowColor: null } },
      null,
    ];
    for (const value of broken) {
      expect(appConfigSchema.safeParse(value).success).toBe(false);
      expect(isAppConfig(value)).toBe(false);
    }
  });
});
