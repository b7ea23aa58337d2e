import type * as oidc from 'openid-client';
import { loadOpenIdClient } from '../../platform/lazy/openid-client.ts';
import type { SsoClientConfig } from './sso-config.ts';

/** What the EHR vouches for: the ID token's subject and, when given, its email. */
export interface SsoIdentityClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

export type SsoExchangeResult =
  | { kind: 'ok'; claims: SsoIdentityClaims }
  /** The EHR refused the code or its answer did not validate: the person's sign-on failed. */
  | { kind: 'rejected'; reason: string }
  /** The EHR could not be reached (or its discovery failed): not the person's fault. */
  | { kind: 'unavailable'; reason: string };

// Discovery is fetched once per issuer and client; a failed discovery is not kept, so it is retried.
const configurations = new Map<string, Promise<oidc.Configuration>>();

function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

function discover(config: SsoClientConfig): Promise<oidc.Configuration> {
  const key = `${config.issuer.href} ${config.clientId}`;
  const cached = configurations.get(key);
  if (cached) {
    return cached;
  }
  // Plain http is allowed for an issuer on this machine only (development and tests, decision 0011).
  const insecure = config.issuer.protocol === 'http:' && isLoopback(config.issuer);
  const pending = loadOpenIdClient().then((client) =>
    client.discovery(
      config.issuer,
      config.clientId,
      undefined,
      client.ClientSecretPost(config.clientSecret),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback issuers only, see above
      insecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    ),
  );
  configurations.set(key, pending);
  pending.catch(() => configurations.delete(key));
  return pending;
}

/**
 * The OAuth 2.0 authorization-code exchange at the EHR (openid-client): the code the EHR gave the
 * landing, with the same redirect_uri it was issued for. An ID token is required and validated
 * (issuer, audience, signature, expiry); the EHR-launched landing carries no state or nonce, so none
 * may appear in the answer either.
 */
export async function exchangeAuthorizationCode(
  config: SsoClientConfig,
  code: string,
  redirectUri: string,
): Promise<SsoExchangeResult> {
  const client = await loadOpenIdClient();
  let configuration: oidc.Configuration;
  try {
    configuration = await discover(config);
  } catch (error) {
    return { kind: 'unavailable', reason: describe(error) };
  }
  // The authorization response as the EHR's redirect would carry it. openid-client sends the address
  // without its query as redirect_uri, so registered redirect URIs carry no query (decision 0011).
  const callback = new URL(redirectUri);
  callback.search = '';
  callback.hash = '';
  callback.searchParams.set('code', code);
  // RFC 9207: the issuer is the one we configured for this EHR (the landing names the EHR).
  callback.searchParams.set('iss', configuration.serverMetadata().issuer);
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callback, { idTokenExpected: true });
    const claims = tokens.claims();
    if (!claims) {
      return { kind: 'rejected', reason: 'no ID token' };
    }
    let email = typeof claims.email === 'string' ? claims.email : null;
    let emailVerified = claims.email_verified === true;
    // Many providers put profile claims in userinfo only (OIDC Core §5.4).
    if (email === null && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      emailVerified = info.email_verified === true;
    }
    return { kind: 'ok', claims: { subject: claims.sub, email, emailVerified } };
  } catch (error) {
    // A network failure reaches us as a TypeError from fetch (or a timeout's AbortError).
    if (error instanceof TypeError || (error instanceof Error && error.name === 'AbortError')) {
      return { kind: 'unavailable', reason: describe(error) };
    }
    return { kind: 'rejected', reason: describe(error) };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}
