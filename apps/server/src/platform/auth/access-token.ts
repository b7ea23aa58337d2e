import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { webcrypto } from 'node:crypto';
import { memberTypeSchema, type MemberType } from '@app/contracts/roles';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/contracts/session';
import { z } from 'zod';

export const ACCESS_TOKEN_AUDIENCE = 'care-portal-api';
export const ACCESS_TOKEN_ISSUER = 'care-portal';
const ACCESS_TOKEN_TYPE = 'at+jwt';
// Algorithm allow-list: only what we sign with; 'none' and asymmetric confusion are refused by jose.
const ALGORITHMS = ['HS256'];

const claimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  mt: memberTypeSchema,
});

/**
 * jose imports a raw key into WebCrypto on every call; the access token is checked on every request,
 * so the imported HMAC key is kept per key (re-importing it took about 8% of a slot search's CPU).
 */
const cryptoKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function hmacKey(key: Uint8Array): Promise<webcrypto.CryptoKey> {
  let imported = cryptoKeys.get(key);
  if (!imported) {
    imported = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    cryptoKeys.set(key, imported);
  }
  return imported;
}

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  memberType: MemberType;
}

/** `now` is the application's clock (context.now), so iat/exp follow the same time as everything else. */
export async function signAccessToken(
  key: Uint8Array,
  claims: AccessTokenClaims,
  now: Date,
): Promise<{ token: string; expiresIn: number }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ sid: claims.sessionId, mt: claims.memberType })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
    .setSubject(claims.userId)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await hmacKey(key));
  return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export type VerifyResult =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** `now` is the application's clock (context.now), so expiry follows the same time as everything else. */
export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      currentDate: now,
      algorithms: ALGORITHMS,
      audience: ACCESS_TOKEN_AUDIENCE,
      issuer: ACCESS_TOKEN_ISSUER,
      typ: ACCESS_TOKEN_TYPE,
    });
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      claims: { userId: parsed.data.sub, sessionId: parsed.data.sid, memberType: parsed.data.mt },
    };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      return { ok: false, reason: 'expired' };
    }
    return { ok: false, reason: 'invalid' };
  }
}
