import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// TOTP secrets are encrypted at rest with AES-256-GCM under a key derived (HKDF) from the server's
// signing key (JWT_SECRET, or the generated one kept in the database): a database dump alone does
// not reveal them. Rotating JWT_SECRET therefore also turns off every authenticator app (decision 0012).

function keyOf(signingKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', signingKey, Buffer.alloc(0), 'care-portal totp secret v1', 32));
}

export function sealSecret(signingKey: Uint8Array, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(signingKey), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

/** Null when the box cannot be opened (another key, damaged value). */
export function openSecret(signingKey: Uint8Array, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) {
    return null;
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(signingKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
