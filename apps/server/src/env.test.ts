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
