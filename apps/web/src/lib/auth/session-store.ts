import type { LoginResult, TokenResponse } from '@app/contracts/auth';
import type { Role } from '@app/contracts/roles';
import { SESSION_KEYS } from '../storage/storage-keys.ts';
import { readJson, removeItem, writeJson } from '../storage/browser-storage.ts';

// Tokens live in sessionStorage: per tab, gone when the tab closes (shared clinic and kiosk machines),
// kept across a reload. docs/decisions/0005-web-session-and-routing.md explains the choice.

export interface AuthSession {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number;
  /** The login result of the token answer (spec 1 §3), already checked by its schema then. */
  user: LoginResult;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: AuthSession | null | undefined;

function notify(): void {
  for (const listener of listeners) {
    listener();
  }
}

/**
 * Our own stored value, written from a schema-checked token answer; this check only guards against a
 * damaged or foreign value (a plain check, so the guards stay free of zod: decision 0006).
 */
export function isAuthSession(value: unknown): value is AuthSession {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const session = value as Record<string, unknown>;
  const user = session.user as Record<string, unknown> | null | undefined;
  return (
    typeof session.accessToken === 'string' &&
    session.accessToken !== '' &&
    typeof session.refreshToken === 'string' &&
    session.refreshToken !== '' &&
    typeof session.expiresAt === 'number' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string' &&
    (user.role === 'user' || user.role === 'provider') &&
    (user.memberType === 'patient' || user.memberType === 'doctor')
  );
}

export function sessionFromTokens(tokens: TokenResponse, now = Date.now()): AuthSession {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: now + tokens.expires_in * 1000,
    user: tokens.user,
  };
}

export function getSession(): AuthSession | null {
  if (cached === undefined) {
    const stored = readJson('session', SESSION_KEYS.authSession);
    cached = isAuthSession(stored) ? stored : null;
  }
  return cached;
}

export function setSession(session: AuthSession): void {
  cached = session;
  writeJson('session', SESSION_KEYS.authSession, session);
  notify();
}

export function clearSession(): void {
  cached = null;
  removeItem('session', SESSION_KEYS.authSession);
  notify();
}

/** For useSyncExternalStore. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** spec 1 §1: guest is the role of anyone without a session. */
export function roleOf(session: AuthSession | null): Role {
  return session ? session.user.role : 'guest';
}

export function currentRole(): Role {
  return roleOf(getSession());
}

/** Tests reset the in-memory copy after touching storage directly. */
export function forgetCachedSession(): void {
  cached = undefined;
}
