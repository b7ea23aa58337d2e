import { randomInt } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { hashSecret } from '../../platform/passwords.ts';
import {
  deriveSecretKey,
  MASTER_PASSWORD_PURPOSE,
  openSecret,
  sealSecret,
} from '../../platform/secret-box.ts';

// Decision 0027: the clinic master password is stored twice — as a hash, which the clinic login
// (spec 1 §7) checks, and sealed with a key derived from the server secret, which the master password
// panel (spec 3 §2) opens to show it. Every writer goes through masterPasswordColumns.

export function masterPasswordKey(serverSecret: Uint8Array): Buffer {
  return deriveSecretKey(serverSecret, MASTER_PASSWORD_PURPOSE);
}

export async function masterPasswordColumns(
  serverSecret: Uint8Array,
  password: string,
): Promise<{ masterPasswordHash: string; masterPasswordEncrypted: string }> {
  return {
    masterPasswordHash: await hashSecret(password),
    masterPasswordEncrypted: sealSecret(masterPasswordKey(serverSecret), password),
  };
}

export function readableMasterPassword(
  context: Pick<AppContext, 'signingKey'>,
  sealed: string | null,
): string | null {
  return sealed === null ? null : openSecret(masterPasswordKey(context.signingKey), sealed);
}

// No look-alike characters (0/O, 1/l/I): the password is read off a screen and typed at a front desk.
const LOWER = 'abcdefghjkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '#$%&*+=?@';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

const pick = (alphabet: string): string => alphabet.charAt(randomInt(alphabet.length));

/** A new master password: 16 characters with every character class, from a CSPRNG. */
export function generateMasterPassword(length = 16): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) {
    chars.push(pick(ALL));
  }
  // Fisher-Yates, so the class-guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
