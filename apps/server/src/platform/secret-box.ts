import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Decision 0027: secrets that must be shown again (the clinic master password, spec 3 §2) are kept
// encrypted at rest with AES-256-GCM, under a key derived (HKDF-SHA256) from the server secret that
// signs access tokens, one key per purpose. Format: v1.<iv>.<tag>.<ciphertext>, base64url parts.

const VERSION = 'v1';

export function deriveSecretKey(serverSecret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'care-portal-secret-box', purpose, 32));
}

export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
}

/** The plaintext, or null when the value was sealed with another key (e.g. a rotated secret) or is damaged. */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) {
    return null;
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

export const MASTER_PASSWORD_PURPOSE = 'clinic-master-password';
