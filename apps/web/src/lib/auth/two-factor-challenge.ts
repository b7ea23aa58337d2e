import type { TwoFactorRequired } from '@app/contracts/auth';
import { SESSION_KEYS } from '../storage/storage-keys.ts';
import { readJson, removeItem, writeJson } from '../storage/browser-storage.ts';

// The challenge travels from the login form to the phone-verification and code screens; it is kept in
// sessionStorage so a reload of the code screen does not lose it.

export interface StoredChallenge {
  challengeId: string;
  kind: TwoFactorRequired['kind'];
  channels: TwoFactorRequired['channels'];
  /** Where the login started: /guest/login or /guest/provider-login (for Cancel). */
  loginPath: string;
}

function isStoredChallenge(value: unknown): value is StoredChallenge {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const challenge = value as Record<string, unknown>;
  return (
    typeof challenge.challengeId === 'string' &&
    (challenge.kind === 'code' || challenge.kind === 'phone' || challenge.kind === 'totp') &&
    Array.isArray(challenge.channels) &&
    typeof challenge.loginPath === 'string' &&
    challenge.loginPath.startsWith('/guest/')
  );
}

export function saveChallenge(challenge: StoredChallenge): void {
  writeJson('session', SESSION_KEYS.twoFactorChallenge, challenge);
}

export function loadChallenge(): StoredChallenge | null {
  const stored = readJson('session', SESSION_KEYS.twoFactorChallenge);
  return isStoredChallenge(stored) ? stored : null;
}

export function clearChallenge(): void {
  removeItem('session', SESSION_KEYS.twoFactorChallenge);
}
