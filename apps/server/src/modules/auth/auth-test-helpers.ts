import type { App } from '../../app.ts';
import { TEST_PASSWORD } from '../../test/create-test-user.ts';

export const PORTAL_CLIENT = '34';

export function tokenRequest(app: App, body: Record<string, string>, contentType: 'json' | 'form' = 'json') {
  return contentType === 'json'
    ? app.inject({ method: 'POST', url: '/oauth/v2/token', payload: body })
    : app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      });
}

export function passwordGrant(app: App, username: string, password = TEST_PASSWORD, grant = 'password') {
  return tokenRequest(app, { grant_type: grant, client_id: PORTAL_CLIENT, username, password });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export async function loginTokens(app: App, username: string): Promise<Tokens> {
  const response = await passwordGrant(app, username);
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.body}`);
  }
  return response.json<Tokens>();
}

export function getMe(app: App, accessToken: string) {
  return app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });
}
