import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_SENT_TEXT,
  INVALID_CODE_TEXT,
  TOO_MANY_CODE_TRIES_TEXT,
  type TwoFactorRequired,
} from '@app/contracts/auth';
import { TWO_FACTOR_CODE_TTL_SECONDS, TWO_FACTOR_MAX_ATTEMPTS } from '@app/contracts/session';
import { TOTP_LOCKED_TEXT, TOTP_PROMPT_TEXT } from '@app/contracts/totp';
import type { AppContext } from '../../app-context.ts';
import { checkTotpLoginCode, totpEnabled } from '../totp/totp.service.ts';
import { HttpError, OAuthHttpError } from '../../platform/http-error.ts';
import { enqueueMessage } from '../../platform/outbox/outbox.ts';
import { sha256 } from '../../platform/passwords.ts';
import {
  claimCodeAttempt,
  consumeChallenge,
  findChallenge,
  findUserById,
  insertChallenge,
  storeNewCode,
  type ChallengeRow,
  type UserRow,
} from './auth.repository.ts';

/** A challenge (one login attempt) stays open this long; each code inside it lives 10 minutes. */
const CHALLENGE_TTL_MS = 15 * 60_000;
/** New codes per challenge, the first included; more means log in again. */
const MAX_CODES_PER_CHALLENGE = 5;
const PHONE_PROMPT = 'Please enter home or mobile phone number';
const LOGIN_EXPIRED_TEXT = 'This login has expired. Please log in again.';

type Channel = TwoFactorRequired['channels'][number];

function channelsOf(user: UserRow, challenge: Pick<ChallengeRow, 'phone'>): Channel[] {
  const channels: Channel[] = [];
  if (challenge.phone ?? user.mobilePhone) {
    channels.push('sms');
  }
  if (user.email) {
    channels.push('email');
  }
  return channels;
}

/** The code is bound to its challenge: the same digits mean nothing for another login attempt. */
function codeHash(challengeId: string, code: string): string {
  return sha256(`${challengeId}:${code}`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const TOO_MANY_CODES = () =>
  new HttpError(429, 'Too many codes were sent. Please log in again.', { code: 'too_many_codes' });

/**
 * Sends a fresh code to the challenge's channels; the previous code stops working. `phone` is the
 * number typed on the phone-verification screen, kept on the challenge (not on the account).
 * The code itself is only ever in the message; the challenge keeps its hash.
 */
async function sendCode(
  context: AppContext,
  user: UserRow,
  challenge: ChallengeRow,
  phone?: string,
): Promise<void> {
  const now = context.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const minutes = TWO_FACTOR_CODE_TTL_SECONDS / 60;
  const text = `Your Care Portal verification code is ${code}. It expires in ${minutes} minutes. Never share it.`;
  await context.db.transaction(async (tx) => {
    const stored = await storeNewCode(
      tx,
      challenge.id,
      {
        codeHash: codeHash(challenge.id, code),
        codeExpiresAt: new Date(now.getTime() + TWO_FACTOR_CODE_TTL_SECONDS * 1000),
        ...(phone ? { phone } : {}),
      },
      MAX_CODES_PER_CHALLENGE,
    );
    if (!stored) {
      throw TOO_MANY_CODES();
    }
    const smsTo = phone ?? challenge.phone ?? user.mobilePhone;
    if (smsTo) {
      await enqueueMessage(
        tx,
        { channel: 'sms', recipient: smsTo, body: text, purpose: 'two-factor-code' },
        now,
      );
    }
    if (user.email) {
      await enqueueMessage(
        tx,
        {
          channel: 'email',
          recipient: user.email,
          subject: 'Your verification code',
          body: text,
          purpose: 'two-factor-code',
        },
        now,
      );
    }
  });
}

/** After a correct password on an account that requires a second factor (spec 1 §4 Login). */
export async function startTwoFactorChallenge(
  context: AppContext,
  user: UserRow,
  clientId: string,
): Promise<TwoFactorRequired> {
  const now = context.now();
  if (await totpEnabled(context, user.id)) {
    // The authenticator app replaces the sent code: nothing to send, the app shows the code.
    const challenge = await insertChallenge(context.db, {
      userId: user.id,
      clientId,
      kind: 'totp',
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return {
      error: 'two_factor_required',
      error_description: TOTP_PROMPT_TEXT,
      challenge_id: challenge.id,
      kind: 'totp',
      channels: [],
    };
  }
  const canSend = Boolean(user.mobilePhone ?? user.email);
  const challenge = await insertChallenge(context.db, {
    userId: user.id,
    clientId,
    kind: canSend ? 'code' : 'phone',
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  if (!canSend) {
    // The phone-verification variant: nowhere to send a code yet, so the person gives a phone first.
    return {
      error: 'two_factor_required',
      error_description: PHONE_PROMPT,
      challenge_id: challenge.id,
      kind: 'phone',
      channels: [],
    };
  }
  await sendCode(context, user, challenge);
  return {
    error: 'two_factor_required',
    error_description: CODE_SENT_TEXT,
    challenge_id: challenge.id,
    kind: 'code',
    channels: channelsOf(user, challenge),
  };
}

async function openChallenge(
  context: AppContext,
  challengeId: string,
): Promise<{ challenge: ChallengeRow; user: UserRow }> {
  const challenge = await findChallenge(context.db, challengeId);
  const user = challenge ? await findUserById(context.db, challenge.userId) : undefined;
  if (!challenge || !user || challenge.consumedAt !== null || challenge.expiresAt <= context.now()) {
    throw new HttpError(400, LOGIN_EXPIRED_TEXT, { code: 'challenge_expired' });
  }
  if (challenge.failedAttempts >= TWO_FACTOR_MAX_ATTEMPTS) {
    throw new HttpError(400, TOO_MANY_CODE_TRIES_TEXT, { code: 'too_many_attempts' });
  }
  return { challenge, user };
}

/** 'Send a New Code': a fresh code replaces the old one, which stops working at once. */
export async function resendTwoFactorCode(context: AppContext, challengeId: string): Promise<void> {
  const { challenge, user } = await openChallenge(context, challengeId);
  if (challenge.kind === 'totp') {
    throw new HttpError(400, TOTP_PROMPT_TEXT, { code: 'totp_code_required' });
  }
  if (challenge.kind === 'phone' && !challenge.phone) {
    throw new HttpError(400, PHONE_PROMPT, { code: 'phone_required' });
  }
  if (challenge.sendCount >= MAX_CODES_PER_CHALLENGE) {
    throw TOO_MANY_CODES();
  }
  await sendCode(context, user, challenge);
}

/** The phone-verification screen: the code goes to the number the person typed. */
export async function verifyPhoneForChallenge(
  context: AppContext,
  challengeId: string,
  phone: string,
): Promise<void> {
  const { challenge, user } = await openChallenge(context, challengeId);
  if (challenge.kind !== 'phone') {
    throw new HttpError(400, 'This login does not need a phone number.', { code: 'phone_not_needed' });
  }
  if (challenge.sendCount >= MAX_CODES_PER_CHALLENGE) {
    throw TOO_MANY_CODES();
  }
  await sendCode(context, user, challenge, phone);
}

/**
 * The two_factor grant. Five wrong codes end the challenge: from then on even the right code is
 * refused and the person must log in again (which sends a new code).
 */
export async function verifyTwoFactorCode(
  context: AppContext,
  challengeId: string,
  clientId: string,
  code: string,
): Promise<UserRow> {
  const now = context.now();
  const challenge = await findChallenge(context.db, challengeId);
  // The code is bound to the login attempt that asked for it: same challenge, same client.
  if (
    !challenge ||
    challenge.clientId !== clientId ||
    challenge.consumedAt !== null ||
    challenge.expiresAt <= now
  ) {
    throw new OAuthHttpError(400, 'invalid_grant', LOGIN_EXPIRED_TEXT);
  }
  // The try is taken before the comparison, so parallel guesses share the same five.
  if (
    challenge.failedAttempts >= TWO_FACTOR_MAX_ATTEMPTS ||
    !(await claimCodeAttempt(context.db, challengeId))
  ) {
    const current = await findChallenge(context.db, challengeId);
    throw new OAuthHttpError(
      400,
      'invalid_grant',
      current?.consumedAt ? LOGIN_EXPIRED_TEXT : TOO_MANY_CODE_TRIES_TEXT,
    );
  }
  if (challenge.kind === 'totp') {
    const result = await checkTotpLoginCode(context, challenge.userId, code);
    if (result === 'locked') {
      throw new OAuthHttpError(400, 'invalid_grant', TOTP_LOCKED_TEXT);
    }
    if (result === 'wrong') {
      throw new OAuthHttpError(400, 'invalid_grant', INVALID_CODE_TEXT);
    }
    return finishChallenge(context, challenge, now);
  }
  const valid =
    challenge.codeHash !== null &&
    challenge.codeExpiresAt !== null &&
    challenge.codeExpiresAt > now &&
    sameHash(challenge.codeHash, codeHash(challenge.id, code));
  if (!valid) {
    throw new OAuthHttpError(400, 'invalid_grant', INVALID_CODE_TEXT);
  }
  return finishChallenge(context, challenge, now);
}

async function finishChallenge(context: AppContext, challenge: ChallengeRow, now: Date): Promise<UserRow> {
  const user = await findUserById(context.db, challenge.userId);
  if (user?.status !== 'active' || !(await consumeChallenge(context.db, challenge.id, now))) {
    throw new OAuthHttpError(400, 'invalid_grant', LOGIN_EXPIRED_TEXT);
  }
  return user;
}
