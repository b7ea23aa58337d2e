import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS, isAllowedPushEndpoint } from './push-endpoint-policy.ts';

const production = { production: true, allowedHosts: DEFAULT_PUSH_SERVICE_HOSTS };
const development = { production: false, allowedHosts: DEFAULT_PUSH_SERVICE_HOSTS };

describe('which push endpoints the server will send to (decision 0013)', () => {
  it('accepts the push services of the browsers', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, production), endpoint).toBe(true);
    }
  });

  it('refuses anything else: other hosts, look-alikes, plain HTTP, credentials, internal addresses', () => {
    for (const endpoint of [
      'https://evil.example.com/push',
      'https://fcm.googleapis.com.evil.example/push',
      'https://notfcm.googleapis.co/push',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1:8443/push',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, production), endpoint).toBe(false);
    }
  });

  it('accepts a loopback HTTPS endpoint outside production only (where the tests receive pushes)', () => {
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/push', development)).toBe(true);
    expect(isAllowedPushEndpoint('https://localhost:8443/push', development)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8443/push', development)).toBe(false);
  });
});
