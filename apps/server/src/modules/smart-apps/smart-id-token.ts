import { eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/platform.ts';

// SMART `openid fhirUser` (decision 0082): the id_token is signed with an ES256 key kept in
// server_secrets like the access-token key, created once; its public half is served as a JWKS.

const KEY_NAME = 'smart-id-token-es256';
const ALGORITHM = 'ES256';
const ID_TOKEN_TTL_SECONDS = 3600;

interface SigningKey {
  privateJwk: JWK;
  publicJwk: JWK;
}

const keys = new WeakMap<Db, Promise<SigningKey>>();

async function loadKey(db: Db): Promise<SigningKey> {
  const [existing] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
  if (!existing) {
    const pair = await generateKeyPair(ALGORITHM, { extractable: true });
    const jwk = await exportJWK(pair.privateKey);
    await db
      .insert(serverSecrets)
      .values({ name: KEY_NAME, value: JSON.stringify(jwk) })
      .onConflictDoNothing();
  }
  // Read back: with several instances starting at once, the first insert wins and all use it.
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
  if (!row) {
    throw new Error('The id_token signing key could not be stored');
  }
  const privateJwk = JSON.parse(row.value) as JWK;
  // The public half: the curve and point only, never `d`.
  const publicPart: JWK = { kty: privateJwk.kty, crv: privateJwk.crv, x: privateJwk.x, y: privateJwk.y };
  const kid = `${KEY_NAME}-${(publicPart.x ?? '').slice(0, 8)}`;
  return {
    privateJwk: { ...privateJwk, kid },
    publicJwk: { ...publicPart, kid, alg: ALGORITHM, use: 'sig' },
  };
}

function keyOf(db: Db): Promise<SigningKey> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/** The JWKS the smart-configuration names: the public half of the id_token key. */
export async function smartJwks(context: AppContext): Promise<{ keys: JWK[] }> {
  return { keys: [(await keyOf(context.db)).publicJwk] };
}

export async function signIdToken(
  context: AppContext,
  claims: { issuer: string; audience: string; subject: string; fhirUser: string; now: Date },
): Promise<string> {
  const key = await keyOf(context.db);
  const seconds = Math.floor(claims.now.getTime() / 1000);
  return new SignJWT({ fhirUser: claims.fhirUser })
    .setProtectedHeader({ alg: ALGORITHM, kid: key.privateJwk.kid, typ: 'JWT' })
    .setIssuer(claims.issuer)
    .setAudience(claims.audience)
    .setSubject(claims.subject)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + ID_TOKEN_TTL_SECONDS)
    .sign(await importJWK(key.privateJwk, ALGORITHM));
}
