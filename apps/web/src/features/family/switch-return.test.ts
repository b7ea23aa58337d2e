import { describe, expect, it } from 'vitest';
import { switchLanding } from './switch-return.ts';

describe('switchLanding (where a family switch lands)', () => {
  it('lands on the page named by returnTo when it is a patient page of this app', () => {
    expect(switchLanding('/user/confirm-patient')).toBe('/user/confirm-patient');
    expect(switchLanding('/user/appointment?cameFrom=login')).toBe('/user/appointment?cameFrom=login');
  });

  it('lands on the default user route otherwise', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/user/x',
      '//evil.example/user/x',
      '/\\evil.example',
      '/provider/appointment',
      '/guest/landing',
      '/user/../provider/appointment',
      '/user/switch-patient',
      '/user/switch-patient?returnTo=/user/family',
      'javascript:alert(1)',
    ]) {
      expect(switchLanding(value)).toBe('/user/appointment');
    }
  });
});
