import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { isRegisteredUri, ssoClientConfig } from './sso-config.ts';

// decision 0011: single sign-on configuration is checked at start, like every other variable.

describe('single sign-on configuration', () => {
  it('an EHR is off without an issuer, and on with issuer, client id and secret', () => {
    expect(ssoClientConfig(parseEnv({}), 'ecw')).toBeNull();
    const env = parseEnv({
      SSO_ECW_ISSUER: 'https://ecw.example.org/oidc',
      SSO_ECW_CLIENT_ID: 'portal',
      SSO_ECW_CLIENT_SECRET: 'secret',
      SSO_ECW_REDIRECT_URIS: ' https://portal.example.org/sso-login , https://portal.example.org/sso-launch',
    });
    expect(ssoClientConfig(env, 'ecw')).toMatchObject({
      clientId: 'portal',
      redirectUris: ['https://portal.example.org/sso-login', 'https://portal.example.org/sso-launch'],
    });
    expect(ssoClientConfig(env, 'athenahealth')).toBeNull();
  });

  it("without a list the portal's own landing is the redirect URI", () => {
    const env = parseEnv({
      PUBLIC_URL: 'https://portal.example.org',
      SSO_ATHENAHEALTH_ISSUER: 'https://athena.example.org',
      SSO_ATHENAHEALTH_CLIENT_ID: 'portal',
      SSO_ATHENAHEALTH_CLIENT_SECRET: 'secret',
    });
    expect(ssoClientConfig(env, 'athenahealth')?.redirectUris).toEqual([
      'https://portal.example.org/sso-login',
    ]);
  });

  it('stops the start with a readable message for incomplete or wrong values', () => {
    expect(() => parseEnv({ SSO_ECW_ISSUER: 'https://ecw.example.org' })).toThrow(
      /SSO_ECW_ISSUER needs SSO_ECW_CLIENT_ID and SSO_ECW_CLIENT_SECRET/,
    );
    expect(() => parseEnv({ OAUTH_CODE_REDIRECT_URIS: 'https://ok.example.org/x, not a url' })).toThrow(
      /not a URL: not a url/,
    );
    expect(() => parseEnv({ FEEDBACK_SSO_URL: 'https://feedback.example.org/sso' })).toThrow(
      /FEEDBACK_SSO_URL needs FEEDBACK_SSO_SECRET/,
    );
    expect(() =>
      parseEnv({ FEEDBACK_SSO_URL: 'https://f.example.org', FEEDBACK_SSO_SECRET: 'short' }),
    ).toThrow(/at least 32 characters/);
  });

  it('redirect URIs match exactly after normalisation', () => {
    const registered = ['https://portal.example.org/sso-login'];
    expect(isRegisteredUri('https://PORTAL.example.org:443/sso-login', registered)).toBe(true);
    expect(isRegisteredUri('https://portal.example.org/sso-login/', registered)).toBe(false);
    expect(isRegisteredUri('https://portal.example.org/sso-login?x=1', registered)).toBe(false);
    expect(isRegisteredUri('http://portal.example.org/sso-login', registered)).toBe(false);
    expect(isRegisteredUri('not a url', registered)).toBe(false);
  });
});
