import { createHash, randomBytes } from 'node:crypto';
import type { SmartTokenResponse } from '@app/contracts/smart-apps';
import type { TestApp } from '../../test/build-test-app.ts';

// Connecting an app the way a SMART client does (issue 21 item 3): register it, authorize with PKCE,
// consent as the signed-in user, exchange the code. For tests of what the app can do afterwards.

const REDIRECT = 'https://app.example.org/callback';

export interface RegisteredApp {
  clientId: string;
  /** The FHIR base the app names as `aud`. */
  aud: string;
}

/** Registers an app of the whole network, or of one clinic when `clinicId` is given. */
export async function registerTestApp(
  t: TestApp,
  name = 'Health Diary',
  clinicId?: string,
): Promise<RegisteredApp> {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/dev/fixtures/smart-apps',
    payload: { name, redirectUris: [REDIRECT], ...(clinicId ? { clinicId } : {}) },
  });
  if (registered.statusCode !== 201) {
    throw new Error(`registering the app answered ${String(registered.statusCode)}: ${registered.body}`);
  }
  const configuration = await t.app.inject({ url: '/.well-known/smart-configuration' });
  return {
    clientId: registered.json<{ clientId: string }>().clientId,
    aud: configuration.json<{ issuer: string }>().issuer,
  };
}

/** The user of `userToken` connects the app with `scope`; the app's token answer. */
export async function connectTestApp(
  t: TestApp,
  app: RegisteredApp,
  userToken: string,
  scope: string,
): Promise<SmartTokenResponse> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: REDIRECT,
    scope,
    state: 'state-1',
    aud: app.aud,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const started = await t.app.inject({ url: `/oauth/smart/authorize?${query.toString()}` });
  // patient/ scopes go to the patient's consent screen, user/ ones to the provider area's (0089).
  const requestId = /^\/(?:user|provider)\/connect-app\/([0-9a-f-]{36})$/.exec(
    started.headers.location ?? '',
  )?.[1];
  if (!requestId) {
    throw new Error(`authorize answered ${String(started.statusCode)} ${started.headers.location ?? ''}`);
  }
  const decided = await t.app.inject({
    method: 'POST',
    url: `/api/smart/requests/${requestId}/decision`,
    headers: { authorization: `Bearer ${userToken}` },
    payload: { allow: true },
  });
  if (decided.statusCode !== 200) {
    throw new Error(`consent answered ${String(decided.statusCode)}: ${decided.body}`);
  }
  const code = new URL(decided.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('code') ?? '';
  const exchanged = await t.app.inject({
    method: 'POST',
    url: '/oauth/smart/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: app.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (exchanged.statusCode !== 200) {
    throw new Error(`the token exchange answered ${String(exchanged.statusCode)}: ${exchanged.body}`);
  }
  return exchanged.json<SmartTokenResponse>();
}
