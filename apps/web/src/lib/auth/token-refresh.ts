import { REFRESH_AHEAD_SECONDS } from '@app/contracts/session';
import { loadedAppConfig } from '../variant/app-config.ts';
import {
  clearSession,
  getSession,
  sessionFromTokens,
  setSession,
  subscribeSession,
  type AuthSession,
} from './session-store.ts';
import { reportSessionLost } from './session-events.ts';

export const TOKEN_PATH = '/oauth/v2/token';

let inFlight: Promise<AuthSession | null> | null = null;

/** True when the access token expires within REFRESH_AHEAD_SECONDS. */
export function needsRefresh(session: AuthSession, now = Date.now()): boolean {
  return session.expiresAt - REFRESH_AHEAD_SECONDS * 1000 <= now;
}

async function exchangeRefreshToken(session: AuthSession): Promise<AuthSession | null> {
  let response: Response;
  try {
    response = await fetch(TOKEN_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        grant_type: 'refresh_token',
        client_id: loadedAppConfig().clientId,
        refresh_token: session.refreshToken,
      }),
    });
  } catch {
    // Offline: keep the session; the next call or timer tries again.
    return getSession();
  }
  if (response.status === 429 || response.status >= 500) {
    return getSession();
  }
  // The schema module is fetched on first use, keeping zod off the first page (decision 0006).
  const { tokenResponseSchema } = await import('@app/contracts/auth');
  const parsed = response.ok ? tokenResponseSchema.safeParse(await response.json()) : null;
  if (!parsed?.success) {
    // The refresh token was refused (expired, revoked, replayed): the session is over.
    if (getSession()?.refreshToken === session.refreshToken) {
      clearSession();
      reportSessionLost();
    }
    return null;
  }
  const next = sessionFromTokens(parsed.data);
  setSession(next);
  return next;
}

/**
 * The server refused the session behind `accessToken` (revoked from another device): it is over here
 * too. Reported once, however many calls were refused at the same moment, and not at all when the
 * tab has since signed in again.
 */
export function endRefusedSession(accessToken: string): void {
  if (getSession()?.accessToken === accessToken) {
    clearSession();
    reportSessionLost();
  }
}

/**
 * Rotates the tokens once, however many callers ask at the same moment (refresh tokens are single use
 * on the server: two parallel refreshes would look like a replay and revoke the whole family).
 */
export function refreshSession(): Promise<AuthSession | null> {
  const session = getSession();
  if (!session) {
    return Promise.resolve(null);
  }
  inFlight ??= exchangeRefreshToken(session).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The access token to send, refreshed first when it is about to expire. */
export async function freshAccessToken(): Promise<string | null> {
  const session = getSession();
  if (!session) {
    return null;
  }
  if (needsRefresh(session)) {
    return (await refreshSession())?.accessToken ?? null;
  }
  return session.accessToken;
}

let timer: ReturnType<typeof setTimeout> | undefined;

function schedule(): void {
  clearTimeout(timer);
  const session = getSession();
  if (!session) {
    return;
  }
  const delay = Math.max(0, session.expiresAt - REFRESH_AHEAD_SECONDS * 1000 - Date.now());
  timer = setTimeout(() => {
    void refreshSession();
  }, delay);
}

/** Refreshes REFRESH_AHEAD_SECONDS before every expiry for as long as the tab lives. */
export function startRefreshTimer(): () => void {
  schedule();
  const unsubscribe = subscribeSession(schedule);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
