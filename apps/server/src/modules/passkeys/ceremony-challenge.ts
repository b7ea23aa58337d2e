import type { AppContext } from '../../app-context.ts';
import { sha256 } from '../../platform/passwords.ts';
import {
  consumeCeremonyChallenge,
  insertCeremonyChallenge,
  type CeremonyPurpose,
} from './passkeys.repository.ts';

/** Long enough to touch a sensor or find a phone; short enough that a stolen challenge is useless. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/** Keeps the challenge of options just sent (hashed), for one verification within five minutes. */
export async function rememberChallenge(
  context: AppContext,
  purpose: CeremonyPurpose,
  challenge: string,
  userId: string | null,
): Promise<void> {
  const now = context.now();
  await insertCeremonyChallenge(context.db, {
    purpose,
    challengeHash: sha256(challenge),
    userId,
    now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/** The challenge the authenticator signed, read from clientDataJSON; null when unreadable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'challenge' in parsed) {
      const { challenge } = parsed;
      return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512
        ? challenge
        : null;
    }
  } catch {
    // not JSON: fall through
  }
  return null;
}

/**
 * Uses up the challenge a response answers, whatever the verification's outcome: each challenge is
 * good for one try. Undefined when it is unknown, used, expired or of another ceremony.
 */
export async function takeChallenge(
  context: AppContext,
  purpose: CeremonyPurpose,
  clientDataJSON: string,
): Promise<{ challenge: string; userId: string | null } | undefined> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) {
    return undefined;
  }
  const row = await consumeCeremonyChallenge(context.db, {
    purpose,
    challengeHash: sha256(challenge),
    now: context.now(),
  });
  return row ? { challenge, userId: row.userId } : undefined;
}
