import { createHmac } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { ROOM_TOKEN_TTL_SECONDS, videoRoomRoleSchema, type VideoRoomRole } from '@app/contracts/video-call';

// Decision 0030: a room token lets one participant into one video room. It is signed with a key
// derived from the server's signing key, so a room token can never pass as an access token (nor the
// reverse), and it carries everything the signaling needs without a database read per message.

const ROOM_TOKEN_AUDIENCE = 'video-room';
const ROOM_TOKEN_ISSUER = 'care-portal';
const ROOM_TOKEN_TYPE = 'room+jwt';

export interface RoomTokenClaims {
  appointmentId: string;
  clinicId: string;
  participantId: string;
  displayName: string;
  role: VideoRoomRole;
  /** null for a guest without a login. */
  userId: string | null;
}

const claimsSchema = z.object({
  room: z.uuid(),
  cid: z.uuid(),
  sub: z.uuid(),
  name: z.string().min(1).max(200),
  role: videoRoomRoleSchema,
  uid: z.uuid().nullable(),
});

const derivedKeys = new WeakMap<Uint8Array, Uint8Array>();
function roomKey(signingKey: Uint8Array): Uint8Array {
  let key = derivedKeys.get(signingKey);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', signingKey).update('video-room-token/v1').digest());
    derivedKeys.set(signingKey, key);
  }
  return key;
}

export async function signRoomToken(
  signingKey: Uint8Array,
  claims: RoomTokenClaims,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ROOM_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    room: claims.appointmentId,
    cid: claims.clinicId,
    name: claims.displayName,
    role: claims.role,
    uid: claims.userId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: ROOM_TOKEN_TYPE })
    .setSubject(claims.participantId)
    .setIssuer(ROOM_TOKEN_ISSUER)
    .setAudience(ROOM_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(roomKey(signingKey));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** The claims of a valid, unexpired room token; null for anything else (forged, expired, garbage). */
export async function verifyRoomToken(
  signingKey: Uint8Array,
  token: string,
  now: Date,
): Promise<RoomTokenClaims | null> {
  const checked = await checkRoomToken(signingKey, token, now);
  return checked.ok ? checked.claims : null;
}

/**
 * Like verifyRoomToken, telling an expired token (otherwise good) from any other refusal: spec 3 §8's
 * reconnect codes differ by it (20104 expired, 20156 otherwise; decision 0047).
 */
export async function checkRoomToken(
  signingKey: Uint8Array,
  token: string,
  now: Date,
): Promise<{ ok: true; claims: RoomTokenClaims } | { ok: false; problem: 'expired' | 'invalid' }> {
  try {
    const { payload } = await jwtVerify(token, roomKey(signingKey), {
      currentDate: now,
      algorithms: ['HS256'],
      audience: ROOM_TOKEN_AUDIENCE,
      issuer: ROOM_TOKEN_ISSUER,
      typ: ROOM_TOKEN_TYPE,
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) {
      return { ok: false, problem: 'invalid' };
    }
    const { room, cid, sub, name, role, uid } = claims.data;
    return {
      ok: true,
      claims: {
        appointmentId: room,
        clinicId: cid,
        participantId: sub,
        displayName: name,
        role,
        userId: uid,
      },
    };
  } catch (error) {
    // jose checks the signature before the times, so an expired token here is one of ours.
    return { ok: false, problem: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
