import { describe, expect, it } from 'vitest';
import { isIdleDisabledPath, resolveIdleSettings } from './idle-settings.ts';

describe('resolveIdleSettings (spec 1 §9)', () => {
  it('uses 3600/30 for providers and 1200/30 for patients', () => {
    expect(resolveIdleSettings('provider', null)).toEqual({ idleSeconds: 3600, timeoutSeconds: 30 });
    expect(resolveIdleSettings('user', null)).toEqual({ idleSeconds: 1200, timeoutSeconds: 30 });
  });

  it('lets the test hook shorten the idle time but keeps at least 20 s to answer', () => {
    expect(resolveIdleSettings('user', { idleSeconds: 3, timeoutSeconds: 20 })).toEqual({
      idleSeconds: 3,
      timeoutSeconds: 20,
    });
    expect(resolveIdleSettings('user', { idleSeconds: 3, timeoutSeconds: 1 })).toEqual({
      idleSeconds: 3,
      timeoutSeconds: 20,
    });
  });

  it('never lengthens the idle time and ignores a malformed override', () => {
    expect(resolveIdleSettings('user', { idleSeconds: 99999, timeoutSeconds: 999 })).toEqual({
      idleSeconds: 1200,
      timeoutSeconds: 30,
    });
    expect(resolveIdleSettings('provider', 'nonsense')).toEqual({ idleSeconds: 3600, timeoutSeconds: 30 });
    // One bad time spoils the whole override, as the zod schema this guard replaced did.
    for (const override of [
      { idleSeconds: 3, timeoutSeconds: -5 },
      { idleSeconds: '3' },
      { idleSeconds: 0 },
      { idleSeconds: Number.NaN },
      [3, 20],
    ]) {
      expect(resolveIdleSettings('user', override)).toEqual({ idleSeconds: 1200, timeoutSeconds: 30 });
    }
  });
});

describe('isIdleDisabledPath', () => {
  it('disables the idle check on the video-call routes only', () => {
    expect(isIdleDisabledPath('/provider/video-call/12')).toBe(true);
    expect(isIdleDisabledPath('/user/video-call')).toBe(true);
    expect(isIdleDisabledPath('/user/video-calls')).toBe(false);
    expect(isIdleDisabledPath('/user/appointment')).toBe(false);
  });
});
