import { randomBytes, scryptSync } from 'node:crypto';

/** A hash as the portal wrote them before decision 0061 (scrypt N=2^14, r=8, p=1), for re-hash tests. */
export function legacyScryptHash(secret: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(secret.normalize('NFKC'), salt, 64, {
    N: 16384,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}
