import { describe, expect, it } from 'vitest';
import { oauthCodeRedirectUri, readSsoLandingParams, ssoLandingTarget } from './sso-landing.ts';

const full = 'auth_code=abc&provider=ecw&request_url=https%3A%2F%2Fportal.example.org%2Fsso-login';

describe('provider single sign-on landing parameters (spec 1 §2, §4)', () => {
  it('reads the four parameters', () => {
    expect(readSsoLandingParams(new URLSearchParams(`${full}&patient_id=P-7`))).toEqual({
      authCode: 'abc',
      provider: 'ecw',
      requestUrl: 'https://portal.example.org/sso-login',
      patientId: 'P-7',
    });
  });

  it.each(['auth_code', 'provider', 'request_url'])('without %s it is not a sign-on', (name) => {
    const query = new URLSearchParams(full);
    query.delete(name);
    expect(readSsoLandingParams(query)).toBeNull();
    query.set(name, '  ');
    expect(readSsoLandingParams(query)).toBeNull();
  });

  it('an EHR other than athenahealth or ecw is not a sign-on', () => {
    expect(readSsoLandingParams(new URLSearchParams(full.replace('ecw', 'epic')))).toBeNull();
    expect(readSsoLandingParams(new URLSearchParams(full.replace('ecw', 'AthenaHealth')))?.provider).toBe(
      'athenahealth',
    );
  });

  it('goes to the patient page when a patient is named, else to provider appointments', () => {
    expect(ssoLandingTarget('P 7')).toBe('/provider/patient/P%207');
    expect(ssoLandingTarget(null)).toBe('/provider/appointments');
  });

  it('one-time codes of this app are issued for <origin>/oauth-code', () => {
    expect(oauthCodeRedirectUri('http://localhost:3000')).toBe('http://localhost:3000/oauth-code');
  });
});
