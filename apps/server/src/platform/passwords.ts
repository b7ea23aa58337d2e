import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/**
 * Issue 19 item 8 (decision 0061): argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane), through
 * @node-rs/argon2 (prebuilt binaries, runs off the event loop). The hash is a PHC string that carries
 * its parameters, so stronger settings later still verify the older hashes and mark them for re-hash.
 * Measured on the 2-core development machine: about 11 ms per hash (24 ms the slowest of seven).
 */
// The binding's default algorithm is argon2id (its Algorithm is a const enum, which isolated modules
// cannot name); the unit test checks the PHC string says so.
export const ARGON2_PARAMETERS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMETERS.memoryCost},t=${ARGON2_PARAMETERS.timeCost},p=${ARGON2_PARAMETERS.parallelism}$`;

export async function hashSecret(secret: string): Promise<string> {
  return argon2Hash(secret.normalize('NFKC'), ARGON2_PARAMETERS);
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, secret.normalize('NFKC'));
    } catch {
      // A malformed stored hash is a mismatch, never an error page.
      return false;
    }
  }
  return verifyLegacyScrypt(secret, stored);
}

/** True when a stored hash predates the current scheme or parameters: re-hash it after a good login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

// The scheme before decision 0061: scrypt N=2^14, r=8, p=1, kept only to verify older hashes, which
// are replaced by argon2id at the next successful login.
const LEGACY_SCRYPT = { keyLength: 64, cost: { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } };

function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFKC'), salt, LEGACY_SCRYPT.keyLength, LEGACY_SCRYPT.cost, (error, key) => {
      if (error) {
        reject(error);
      } else {
        resolve(key);
      }
    });
  });
}

async function verifyLegacyScrypt(secret: string, stored: string): Promise<boolean> {
  const [scheme, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) {
    return false;
  }
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scryptAsync(secret, Buffer.from(saltText, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash with which a person's failed login costs as much as a real one, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummySecretHash(): Promise<string> {
  dummyHash ??= hashSecret(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Tokens that are random already (refresh tokens, codes with a short life) only need a fast hash. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
