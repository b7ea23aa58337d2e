import { describe, expect, it } from 'vitest';
import { legacyScryptHash } from '../test/legacy-password-hash.ts';
import { hashSecret, needsRehash, verifySecret } from './passwords.ts';

describe('password hashing (issue 19 item 8)', () => {
  it('hashes with argon2id at OWASP parameters into a PHC string with its parameters and a fresh salt', async () => {
    const first = await hashSecret('Test#Password1');
    const second = await hashSecret('Test#Password1');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifySecret('Test#Password1', first)).toBe(true);
    expect(await verifySecret('Test#Password2', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('still verifies the older scrypt hashes, and marks them for re-hash', async () => {
    const legacy = legacyScryptHash('Old#Password1');
    expect(await verifySecret('Old#Password1', legacy)).toBe(true);
    expect(await verifySecret('Old#Password2', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it('marks argon2 hashes of weaker parameters for re-hash, and treats a malformed hash as a mismatch', async () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaA')).toBe(true);
    expect(needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaA')).toBe(true);
    expect(await verifySecret('x', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
    expect(await verifySecret('x', 'scrypt$only-salt')).toBe(false);
    expect(await verifySecret('x', '')).toBe(false);
  });

  it('normalises the secret (NFKC), so the same password typed two ways verifies', async () => {
    const stored = await hashSecret('Caf\u00e9#Password1');
    expect(await verifySecret('Cafe\u0301#Password1', stored)).toBe(true);
  });
});
