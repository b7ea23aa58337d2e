import { SSO_PROVIDERS, type SsoProvider } from '@app/contracts/sso-params';

export interface SsoLandingParams {
  authCode: string;
  provider: SsoProvider;
  requestUrl: string;
  patientId: string | null;
}

function isSsoProvider(value: string): value is SsoProvider {
  return (SSO_PROVIDERS as readonly string[]).includes(value);
}

/**
 * spec 1 §2, §4 landing query: auth_code, provider (athenahealth or ecw), request_url, patient_id.
 * Null sends the person to guest login: §4 says so when auth_code, provider or request_url is
 * missing, and an EHR we do not know cannot sign anyone in either.
 */
export function readSsoLandingParams(query: URLSearchParams): SsoLandingParams | null {
  const authCode = query.get('auth_code')?.trim() ?? '';
  const provider = query.get('provider')?.trim().toLowerCase() ?? '';
  const requestUrl = query.get('request_url')?.trim() ?? '';
  if (!authCode || !provider || !requestUrl || !isSsoProvider(provider)) {
    return null;
  }
  const patientId = query.get('patient_id')?.trim() ?? '';
  return { authCode, provider, requestUrl, patientId: patientId || null };
}

/** spec 1 §4: the patient page when the EHR names a patient, otherwise provider appointments. */
export function ssoLandingTarget(patientId: string | null): string {
  return patientId ? `/provider/patient/${encodeURIComponent(patientId)}` : '/provider/appointments';
}

/** The redirect URI one-time codes of this app are issued for (spec 1 §2 oauth-code/{code}). */
export function oauthCodeRedirectUri(origin: string): string {
  return `${origin}/oauth-code`;
}
