import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';

// scrypt from node:crypto: a memory-hard hash with no native add-on to build.
const KEY_LENGTH = 64;
const COST = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) => {
      if (error) {
        reject(error);
      } else {
        resolve(key);
      }
    });
  });
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
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
