import type { SsoProvider } from '@app/contracts/sso-params';
import type { Env } from '../../env.ts';

/** One EHR's OpenID Connect client, as configured (decision 0011). */
export interface SsoClientConfig {
  provider: SsoProvider;
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The exact redirect URIs the landing may name as request_url. */
  redirectUris: readonly string[];
}

/** The EHR's configuration, or null when its issuer is not set (SSO with it is off). */
export function ssoClientConfig(env: Env, provider: SsoProvider): SsoClientConfig | null {
  const values = {
    athenahealth: {
      issuer: env.SSO_ATHENAHEALTH_ISSUER,
      clientId: env.SSO_ATHENAHEALTH_CLIENT_ID,
      clientSecret: env.SSO_ATHENAHEALTH_CLIENT_SECRET,
      redirectUris: env.SSO_ATHENAHEALTH_REDIRECT_URIS,
    },
    ecw: {
      issuer: env.SSO_ECW_ISSUER,
      clientId: env.SSO_ECW_CLIENT_ID,
      clientSecret: env.SSO_ECW_CLIENT_SECRET,
      redirectUris: env.SSO_ECW_REDIRECT_URIS,
    },
  }[provider];
  if (!values.issuer || !values.clientId || !values.clientSecret) {
    return null;
  }
  // Without a list, the portal's own landing is the one redirect URI (when its address is known).
  const redirectUris =
    values.redirectUris.length > 0
      ? values.redirectUris
      : env.PUBLIC_URL
        ? [new URL('/sso-login', env.PUBLIC_URL).href]
        : [];
  return {
    provider,
    issuer: new URL(values.issuer),
    clientId: values.clientId,
    clientSecret: values.clientSecret,
    redirectUris,
  };
}

/** Redirect URIs are compared exactly, after URL normalisation (RFC 6749 §3.1.2.3, simple string comparison). */
export function isRegisteredUri(candidate: string, registered: readonly string[]): boolean {
  if (!URL.canParse(candidate)) {
    return false;
  }
  const normalised = new URL(candidate).href;
  return registered.some((uri) => URL.canParse(uri) && new URL(uri).href === normalised);
}
