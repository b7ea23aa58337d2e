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

describe("provider login's feedback-service single sign-on parameters (spec 1 §2, decision 0011)", () => {
  it('companyID and an absolute http(s) redirect make the login end on the roadmap sign-on', async () => {
    const { feedbackSsoUrlAfterLogin } = await import('../auth/components/provider-login-page.tsx');
    const query = new URLSearchParams({ companyID: 'c1', redirect: 'https://roadmap.example.org/b?x=1' });
    expect(feedbackSsoUrlAfterLogin(query)).toBe(
      '/provider/canny-sso-roadmap?redirect=https%3A%2F%2Froadmap.example.org%2Fb%3Fx%3D1',
    );
  });

  it.each<Record<string, string>>([
    { redirect: 'https://roadmap.example.org/' },
    { companyID: 'c1' },
    { companyID: 'c1', redirect: '/relative' },
    { companyID: 'c1', redirect: 'javascript:alert(1)' },
    { companyID: ' ', redirect: 'https://roadmap.example.org/' },
  ])('%o is not a feedback sign-on: the normal login follows', async (params) => {
    const { feedbackSsoUrlAfterLogin } = await import('../auth/components/provider-login-page.tsx');
    expect(feedbackSsoUrlAfterLogin(new URLSearchParams(params))).toBeNull();
  });
});
