import { and, desc, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
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

export function twoFactorGrant(app: App, challengeId: string, code: string, clientId = PORTAL_CLIENT) {
  return tokenRequest(app, {
    grant_type: 'two_factor',
    client_id: clientId,
    challenge_id: challengeId,
    code,
  });
}

export function refreshGrant(app: App, refreshToken: string, clientId = PORTAL_CLIENT) {
  return tokenRequest(app, { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });
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

export function logoutRequest(app: App, accessToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

/**
 * Two-factor codes sent to a recipient, newest first, read the way the e2e test reads them. Rows are
 * ordered by the application's clock (milliseconds): advance it between sends that must be told apart.
 */
export async function sentCodes(db: Db, recipient: string): Promise<string[]> {
  const messages = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.purpose, 'two-factor-code')))
    .orderBy(desc(outboxMessages.createdAt));
  return messages.flatMap((message) => {
    const code = /\b(\d{6})\b/.exec(message.body)?.[1];
    return code ? [code] : [];
  });
}

export async function latestCode(db: Db, recipient: string): Promise<string> {
  const [code] = await sentCodes(db, recipient);
  if (!code) {
    throw new Error(`no code for ${recipient}`);
  }
  return code;
}
