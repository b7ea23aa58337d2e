import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on localhost, standing in for an EHR
 * (athenahealth, eClinicalWorks) in API and end-to-end tests. Our server talks to it over HTTP exactly
 * as it would to the EHR: discovery, the token endpoint, JWKS, userinfo. Accounts are whatever the
 * test registers with `addAccount`.
 */
export interface LocalOidcAccount {
  subject: string;
  email?: string;
  emailVerified?: boolean;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  addAccount(account: LocalOidcAccount): void;
  /**
   * Signs the account in through the provider's own authorize endpoint and login page (its dev
   * interactions), as the EHR does before it launches our landing, and returns the authorization code
   * it redirects with.
   */
  obtainCode(subject: string, redirectUri: string): Promise<string>;
  stop(): Promise<void>;
}

export interface LocalOidcOptions {
  /** The redirect URIs registered for our client at this provider. */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}

/** Follows one redirect chain by hand, keeping the provider's cookies (fetch has no cookie jar). */
class CookieSession {
  private readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator > 0) {
        this.cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
      }
    }
    return response;
  }
}

export async function startLocalOidcProvider(options: LocalOidcOptions): Promise<LocalOidcProvider> {
  const accounts = new Map<string, LocalOidcAccount>();
  const clientId = options.clientId ?? 'care-portal';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('hex');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://localhost:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, subject) => {
      const account = accounts.get(subject);
      if (!account) {
        return undefined;
      }
      return {
        accountId: subject,
        claims: () => ({
          sub: subject,
          ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? false } : {}),
        }),
      };
    },
    // The EHR has already asked its user; the test does not click through a consent screen.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) {
        return undefined;
      }
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email');
      grant.addOIDCClaims(['email', 'email_verified']);
      await grant.save();
      return grant;
    },
  });
  // Quiet: the provider reports expected failures (bad codes) on its 'error' events.
  provider.on('server_error', () => undefined);
  const handle = provider.callback();
  server.on('request', (request, response) => {
    void handle(request, response);
  });

  async function obtainCode(subject: string, redirectUri: string): Promise<string> {
    const session = new CookieSession();
    const authorize = new URL('/auth', issuer);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: redirectUri,
    }).toString();
    let response = await session.request(authorize.href);
    for (let hop = 0; hop < 10; hop += 1) {
      const location = response.headers.get('location');
      if (!location) {
        throw new Error(`the OIDC provider answered ${response.status}: ${await response.text()}`);
      }
      const next = new URL(location, issuer);
      if (next.href.startsWith(redirectUri)) {
        const code = next.searchParams.get('code');
        if (!code) {
          throw new Error(`no code in ${next.href}`);
        }
        return code;
      }
      if (next.pathname.startsWith('/interaction/')) {
        // The provider's login page: submit it as a person would.
        await session.request(next.href);
        response = await session.request(next.href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login: subject, password: 'any' }).toString(),
        });
        continue;
      }
      response = await session.request(next.href);
    }
    throw new Error('too many redirects at the OIDC provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => {
      accounts.set(account.subject, account);
    },
    obtainCode,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) {
            reject(error);
          } else {
            resolve();
          }
        });
      }),
  };
}
