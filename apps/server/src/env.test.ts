import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './platform/push/push-endpoint-policy.ts';

describe('Web Push configuration (decision 0013)', () => {
  const keys = {
    VAPID_PUBLIC_KEY: 'BPublic',
    VAPID_PRIVATE_KEY: 'private',
    VAPID_SUBJECT: 'mailto:ops@example.org',
  };

  it('takes the three VAPID variables together', () => {
    expect(parseEnv(keys)).toMatchObject(keys);
    expect(parseEnv({}).VAPID_PUBLIC_KEY).toBeUndefined();
  });

  it('stops with a readable message when only some are set, or the subject is no address', () => {
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'BPublic' })).toThrow(/set together or not at all/);
    expect(() => parseEnv({ ...keys, VAPID_SUBJECT: 'ops@example.org' })).toThrow(/mailto: or https:/);
  });

  it('allows the known push services unless WEB_PUSH_ALLOWED_HOSTS names others', () => {
    expect(parseEnv({}).WEB_PUSH_ALLOWED_HOSTS).toEqual([...DEFAULT_PUSH_SERVICE_HOSTS]);
    expect(
      parseEnv({ WEB_PUSH_ALLOWED_HOSTS: ' Push.Example.org, ,other.example ' }).WEB_PUSH_ALLOWED_HOSTS,
    ).toEqual(['push.example.org', 'other.example']);
  });
});

describe('chat widget and product tour scripts (decision 0016)', () => {
  it('are off when unset or empty', () => {
    const env = parseEnv({ CHAT_WIDGET_SCRIPT_URL: ' ' });
    expect(env.CHAT_WIDGET_SCRIPT_URL).toBeUndefined();
    expect(env.PRODUCT_TOUR_SCRIPT_URL).toBeUndefined();
  });

  it('take http(s) URLs', () => {
    const env = parseEnv({
      CHAT_WIDGET_SCRIPT_URL: 'https://chat.example.com/widget.js',
      PRODUCT_TOUR_SCRIPT_URL: 'http://127.0.0.1:4000/tour.js',
    });
    expect(env.CHAT_WIDGET_SCRIPT_URL).toBe('https://chat.example.com/widget.js');
    expect(env.PRODUCT_TOUR_SCRIPT_URL).toBe('http://127.0.0.1:4000/tour.js');
  });

  it('stop with a readable message for other schemes or no URL', () => {
    expect(() => parseEnv({ CHAT_WIDGET_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(
      /CHAT_WIDGET_SCRIPT_URL/,
    );
    expect(() => parseEnv({ PRODUCT_TOUR_SCRIPT_URL: 'tour.js' })).toThrow(/PRODUCT_TOUR_SCRIPT_URL/);
  });
});

describe('video visits (issue 7, decision 0030)', () => {
  it('defaults to no ICE servers and 640x360', () => {
    expect(parseEnv({})).toMatchObject({ VIDEO_ICE_SERVERS: [], VIDEO_WIDTH: 640, VIDEO_HEIGHT: 360 });
  });

  it('takes a JSON array of RTCIceServer and the camera size', () => {
    const servers = [
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' },
    ];
    expect(
      parseEnv({ VIDEO_ICE_SERVERS: JSON.stringify(servers), VIDEO_WIDTH: '1280', VIDEO_HEIGHT: '720' }),
    ).toMatchObject({ VIDEO_ICE_SERVERS: servers, VIDEO_WIDTH: 1280, VIDEO_HEIGHT: 720 });
  });

  it('stops at start on a malformed list', () => {
    expect(() => parseEnv({ VIDEO_ICE_SERVERS: 'stun:stun.example.org' })).toThrow(/VIDEO_ICE_SERVERS/);
    expect(() => parseEnv({ VIDEO_ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/VIDEO_ICE_SERVERS/);
    expect(() => parseEnv({ VIDEO_WIDTH: 'wide' })).toThrow(/VIDEO_WIDTH/);
  });
});

// Decision 0031: the server clock for development and tests.
const SHIFTED = '2027-11-07T01:30:00-04:00';

describe('CLOCK_AT and CLOCK_AT_REAL (decision 0031)', () => {
  it('are unset (real clock) by default and when empty', () => {
    for (const env of [parseEnv({}), parseEnv({ CLOCK_AT: ' ', CLOCK_AT_REAL: '' })]) {
      expect(env.CLOCK_AT).toBeUndefined();
      expect(env.CLOCK_AT_REAL).toBeUndefined();
    }
  });

  it('take an instant with an offset and epoch milliseconds', () => {
    const env = parseEnv({ CLOCK_AT: SHIFTED, CLOCK_AT_REAL: '1741780800000' });
    expect(env.CLOCK_AT?.toISOString()).toBe('2027-11-07T05:30:00.000Z');
    expect(env.CLOCK_AT_REAL).toBe(1_741_780_800_000);
    expect(parseEnv({ CLOCK_AT: '2027-11-07T05:30:00.250Z' }).CLOCK_AT?.getTime()).toBe(
      Date.parse('2027-11-07T05:30:00.250Z'),
    );
  });

  it('stop at start with a readable message on a time without offset, a date, or no instant', () => {
    for (const value of ['2027-11-07T01:30:00', '2027-11-07', 'tomorrow', '2027-11-07T01:30-04:00']) {
      expect(() => parseEnv({ CLOCK_AT: value })).toThrow(
        /CLOCK_AT: must be an ISO-8601 instant with an offset, e\.g\. 2027-11-07T01:30:00-04:00/,
      );
    }
  });

  it('stop at start on CLOCK_AT_REAL that is not epoch milliseconds, or without CLOCK_AT', () => {
    expect(() => parseEnv({ CLOCK_AT: SHIFTED, CLOCK_AT_REAL: 'now' })).toThrow(/CLOCK_AT_REAL/);
    expect(() => parseEnv({ CLOCK_AT: SHIFTED, CLOCK_AT_REAL: '1741780800' })).toThrow(
      /CLOCK_AT_REAL: must be epoch milliseconds \(13 digits\), not seconds/,
    );
    expect(() => parseEnv({ CLOCK_AT: SHIFTED, CLOCK_AT_REAL: '1741780800000.5' })).toThrow(/CLOCK_AT_REAL/);
    expect(() => parseEnv({ CLOCK_AT_REAL: '1741780800000' })).toThrow(/CLOCK_AT_REAL needs CLOCK_AT/);
  });

  it('are refused when NODE_ENV=production', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => parseEnv({ ...production, CLOCK_AT: SHIFTED })).toThrow(
      /CLOCK_AT: CLOCK_AT and CLOCK_AT_REAL are for development and tests; they are refused when NODE_ENV=production/,
    );
    expect(() => parseEnv({ ...production, CLOCK_AT: SHIFTED, CLOCK_AT_REAL: '1741780800000' })).toThrow(
      /NODE_ENV=production/,
    );
    expect(parseEnv(production).CLOCK_AT).toBeUndefined();
  });
});

describe('APP_VARIANT (decision 0037)', () => {
  it('accepts every variant spec 1 §1 names, care-plan by default', () => {
    expect(parseEnv({}).APP_VARIANT).toBe('care-plan');
    for (const variant of ['care-manager', 'check-in', 'quick-link', 'unitedmd', 'womens-healthcare']) {
      expect(parseEnv({ APP_VARIANT: variant }).APP_VARIANT).toBe(variant);
    }
  });

  it('stops with a readable message for an unknown variant', () => {
    expect(() => parseEnv({ APP_VARIANT: 'UnitedMD' })).toThrow(/APP_VARIANT/);
    expect(() => parseEnv({ APP_VARIANT: 'womens' })).toThrow(/APP_VARIANT/);
  });

  it('reads APP_NAME=UnitedMD on the care-plan variant (decision 0010) as the UnitedMD app', () => {
    expect(parseEnv({ APP_NAME: 'UnitedMD' })).toMatchObject({
      APP_VARIANT: 'unitedmd',
      APP_NAME: 'UnitedMD',
    });
    expect(parseEnv({ APP_VARIANT: 'care-plan', APP_NAME: 'UnitedMD' }).APP_VARIANT).toBe('unitedmd');
    // Only that spelling on that variant; any other name only renames.
    expect(parseEnv({ APP_NAME: 'Riverside Care' }).APP_VARIANT).toBe('care-plan');
    expect(parseEnv({ APP_VARIANT: 'care-manager', APP_NAME: 'UnitedMD' }).APP_VARIANT).toBe('care-manager');
  });
});
