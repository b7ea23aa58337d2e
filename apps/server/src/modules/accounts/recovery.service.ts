import { createHmac, randomInt } from 'node:crypto';
import {
  ACCOUNT_ACTIVATED_TEXT,
  ACTIVATION_LINK_INVALID_TEXT,
  ACTIVATION_LINK_TTL_HOURS,
  CHANNEL_UNAVAILABLE_TEXT,
  NO_ACCOUNT_FOUND_TEXT,
  RECOVERY_EXPIRED_TEXT,
  RECOVERY_MAX_ATTEMPTS,
  RECOVERY_TOKEN_TTL_MINUTES,
  SMS_CAP_PER_NUMBER,
  SMS_CAP_TEXT,
  SMS_CAP_WINDOW_MINUTES,
  WRONG_ANSWER_TEXT,
  maskEmail,
  noSecurityQuestionText,
  phoneEnding,
  type ForgotPasswordStartResponse,
  type ForgotUsernameLookup,
  type ForgotUsernameLookupResponse,
  type RecoveryChannel,
  type SecurityAnswerResponse,
  type SentInfo,
} from '@app/contracts/recovery';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../platform/http-error.ts';
import { enqueueMessage } from '../../platform/outbox/outbox.ts';
import { enqueueActionPush } from '../../platform/push/push-actions.ts';
import { PUSH_TEXTS } from '@app/contracts/push-actions';
import { lockSmsRecipient, recentSmsCount } from '../../platform/outbox/sms-cap.ts';
import { dummySecretHash, randomToken, sha256, verifySecret } from '../../platform/passwords.ts';
import { normaliseSecurityAnswer, setPassword } from './account-security.service.ts';
import {
  activateUser,
  consumeToken,
  consumeTokensOfUser,
  countFailedAttempt,
  findLiveToken,
  findUserById,
  findUserByUsername,
  findUsersByNameAndBirthdate,
  insertToken,
  markResetRequired,
  revokeSessionsOfUser,
  type TokenRow,
  type UserRow,
} from './recovery.repository.ts';

const PURPOSE = {
  username: 'recovery-username',
  question: 'recovery-question',
  channel: 'recovery-channel',
  activation: 'activation',
} as const;

const MINUTE = 60_000;

/** Questions a decoy may show; common enough that a made-up one looks like a real account's. */
const DECOY_QUESTIONS = [
  'What was the name of your first pet?',
  "What is your mother's maiden name?",
  'What city were you born in?',
  'What was the name of your elementary school?',
  'What was the make of your first car?',
  'What is your favorite book?',
] as const;

/**
 * Issue 3 (enumeration): an unknown username gets a question too, the same one on every try (an
 * HMAC of the username with the server's key), so repeated probes cannot tell it from a real one.
 */
export function decoyQuestion(signingKey: Uint8Array, username: string): string {
  const digest = createHmac('sha256', signingKey)
    .update(`recovery-decoy:${username.trim().toLowerCase()}`)
    .digest();
  return DECOY_QUESTIONS[digest.readUInt32BE(0) % DECOY_QUESTIONS.length] ?? DECOY_QUESTIONS[0];
}

async function issueToken(
  db: Db,
  purpose: string,
  userId: string | null,
  now: Date,
  ttlMs = RECOVERY_TOKEN_TTL_MINUTES * MINUTE,
): Promise<string> {
  const token = randomToken();
  await insertToken(db, {
    purpose,
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** A live token of this purpose that still has tries left, or the one 'start again' error. */
async function liveToken(db: Db, purpose: string, token: string, now: Date): Promise<TokenRow> {
  const row = await findLiveToken(db, purpose, sha256(token), now);
  if (!row || row.failedAttempts >= RECOVERY_MAX_ATTEMPTS) {
    throw expired();
  }
  return row;
}

/** One answer for a used, expired, unknown or exhausted token: it says nothing about which. */
function expired(): HttpError {
  return new HttpError(400, RECOVERY_EXPIRED_TEXT, {
    code: 'recovery_expired',
    errors: [{ detail: RECOVERY_EXPIRED_TEXT }],
  });
}

async function userOfToken(db: Db, row: TokenRow): Promise<UserRow> {
  const user = row.userId ? await findUserById(db, row.userId) : undefined;
  if (!user) {
    throw expired();
  }
  return user;
}

function contactFor(user: UserRow, channel: RecoveryChannel): string {
  const contact = channel === 'email' ? user.email : user.mobilePhone;
  if (!contact) {
    throw new HttpError(400, CHANNEL_UNAVAILABLE_TEXT, {
      code: 'channel_unavailable',
      errors: [{ detail: CHANNEL_UNAVAILABLE_TEXT, field: 'channel' }],
    });
  }
  return contact;
}

/**
 * Issue 3: at most SMS_CAP_PER_NUMBER texts per number per window, whatever they carry. Runs inside
 * the sending transaction, under a per-number lock, so concurrent sends cannot both pass the count.
 */
async function checkSmsCap(
  context: AppContext,
  tx: Db,
  channel: RecoveryChannel,
  recipient: string,
): Promise<void> {
  if (channel !== 'sms') {
    return;
  }
  await lockSmsRecipient(tx, recipient);
  const since = new Date(context.now().getTime() - SMS_CAP_WINDOW_MINUTES * MINUTE);
  if ((await recentSmsCount(tx, recipient, since)) >= SMS_CAP_PER_NUMBER) {
    throw new HttpError(429, SMS_CAP_TEXT, { code: 'sms_cap', errors: [{ detail: SMS_CAP_TEXT }] });
  }
}

function sentInfo(channel: RecoveryChannel, recipient: string, maskAddress: boolean): SentInfo {
  if (channel === 'sms') {
    return { channel, target: phoneEnding(recipient) };
  }
  return { channel, target: maskAddress ? maskEmail(recipient) : recipient };
}

/**
 * Sends the username; with `tokenId`, the channel step's token is spent in the same transaction, so
 * two requests racing on one token send one message.
 */
async function sendUsername(
  context: AppContext,
  user: UserRow,
  channel: RecoveryChannel,
  tokenId?: string,
): Promise<SentInfo> {
  const now = context.now();
  const recipient = contactFor(user, channel);
  await context.db.transaction(async (tx) => {
    await checkSmsCap(context, tx, channel, recipient);
    if (tokenId && !(await consumeToken(tx, tokenId, now))) {
      throw expired();
    }
    await enqueueMessage(
      tx,
      {
        channel,
        recipient,
        subject: 'Your username',
        body: `Your username is: ${user.username ?? ''}`,
        purpose: 'recovery-username',
      },
      now,
    );
  });
  // Only name and birth date are proven here, so the e-mail is shown masked.
  return sentInfo(channel, recipient, true);
}

/** spec 1 §4 forgot username: both channels -> channel step; one -> sent at once. */
export async function lookupUsername(
  context: AppContext,
  body: ForgotUsernameLookup,
): Promise<ForgotUsernameLookupResponse> {
  const [user] = await findUsersByNameAndBirthdate(context.db, body.firstName, body.lastName, body.birthDate);
  if (!user?.username || (!user.email && !user.mobilePhone)) {
    throw new HttpError(404, NO_ACCOUNT_FOUND_TEXT, {
      code: 'not_found',
      errors: [{ detail: NO_ACCOUNT_FOUND_TEXT }],
    });
  }
  const email = user.email ? maskEmail(user.email) : null;
  const phone = user.mobilePhone ? phoneEnding(user.mobilePhone) : null;
  if (user.email && user.mobilePhone) {
    const token = await issueToken(context.db, PURPOSE.username, user.id, context.now());
    return { token, email, phone, sent: null };
  }
  const sent = await sendUsername(context, user, user.email ? 'email' : 'sms');
  return { token: null, email, phone, sent };
}

export async function sendUsernameByChannel(
  context: AppContext,
  token: string,
  channel: RecoveryChannel,
): Promise<SentInfo> {
  const row = await liveToken(context.db, PURPOSE.username, token, context.now());
  const user = await userOfToken(context.db, row);
  return sendUsername(context, user, channel, row.id);
}

/**
 * spec 1 §4 forgot password, username step. Known and unknown usernames answer alike (issue 3); the
 * one exception is spec 1 §6/§8: an account without a security question gets the support notice
 * (decision 0008).
 */
export async function startPasswordRecovery(
  context: AppContext,
  username: string,
): Promise<ForgotPasswordStartResponse> {
  const user = await findUserByUsername(context.db, username);
  const real = user && user.status !== 'inactive' ? user : undefined;
  if (real && (!real.securityQuestion || !real.securityAnswerHash)) {
    const text = noSecurityQuestionText(context.env.SUPPORT_EMAIL);
    throw new HttpError(409, text, { code: 'no_security_question', errors: [{ detail: text }] });
  }
  const token = await issueToken(context.db, PURPOSE.question, real?.id ?? null, context.now());
  return { token, question: real?.securityQuestion ?? decoyQuestion(context.signingKey, username) };
}

/** Only a proven answer reveals the channels; a decoy fails exactly like a wrong answer. */
export async function answerSecurityQuestion(
  context: AppContext,
  token: string,
  answer: string,
): Promise<SecurityAnswerResponse> {
  const now = context.now();
  const row = await liveToken(context.db, PURPOSE.question, token, now);
  const user = row.userId ? await findUserById(context.db, row.userId) : undefined;
  const hash = user?.securityAnswerHash ?? (await dummySecretHash());
  const correct =
    (await verifySecret(normaliseSecurityAnswer(answer), hash)) && Boolean(user?.securityAnswerHash);
  if (!user || !correct) {
    await countFailedAttempt(context.db, row.id);
    throw new HttpError(400, WRONG_ANSWER_TEXT, {
      code: 'wrong_answer',
      errors: [{ detail: WRONG_ANSWER_TEXT, field: 'answer' }],
    });
  }
  if (!(await consumeToken(context.db, row.id, now))) {
    throw expired();
  }
  const next = await issueToken(context.db, PURPOSE.channel, user.id, now);
  // The password prompt of spec 3 §7 (decision 0044): the owner's devices ask "was it you?"; Reject
  // stops this reset (stopPasswordRecovery). Sent only after a proven answer, so a stranger who only
  // knows the username cannot make someone's phone ring.
  await enqueueActionPush(
    context.db,
    {
      kind: 'password',
      userId: user.id,
      targetId: user.id,
      url: '/',
      title: PUSH_TEXTS.password.title,
      body: PUSH_TEXTS.password.body,
    },
    now,
  );
  return {
    token: next,
    activated: user.status === 'active',
    email: user.email,
    mobilePhone: user.mobilePhone ? phoneEnding(user.mobilePhone) : null,
  };
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** 12 characters with an upper, a lower, a digit and a symbol, so any complexity rule accepts it. */
export function temporaryPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)] ?? 'x';
  let body = '';
  for (let i = 0; i < 8; i++) {
    body += pick(TEMP_ALPHABET);
  }
  return `${body}${pick('ABCDEFGHJKLMNPQRSTUVWXYZ')}${pick('abcdefghijkmnpqrstuvwxyz')}${pick('23456789')}${pick('#$%&*!')}`;
}

/**
 * The channel step's common part (temporary password, activation link): a live channel token of a user
 * in the expected status, the contact for the chosen channel, then in one transaction the SMS cap, the
 * token spent and the send, so a refused send spends nothing and a token sends once.
 */
async function sendOnChannelStep(
  context: AppContext,
  token: string,
  channel: RecoveryChannel,
  status: UserRow['status'],
  send: (tx: Db, user: UserRow, recipient: string, now: Date) => Promise<void>,
): Promise<SentInfo> {
  const now = context.now();
  const row = await liveToken(context.db, PURPOSE.channel, token, now);
  const user = await userOfToken(context.db, row);
  if (user.status !== status) {
    throw expired();
  }
  const recipient = contactFor(user, channel);
  await context.db.transaction(async (tx) => {
    await checkSmsCap(context, tx, channel, recipient);
    if (!(await consumeToken(tx, row.id, now))) {
      throw expired();
    }
    await send(tx, user, recipient, now);
  });
  return sentInfo(channel, recipient, false);
}

export async function sendTemporaryPassword(
  context: AppContext,
  token: string,
  channel: RecoveryChannel,
): Promise<SentInfo> {
  return sendOnChannelStep(context, token, channel, 'active', async (tx, user, recipient, now) => {
    const password = temporaryPassword();
    await setPassword(tx, user.id, password, now);
    // The temporary password must be replaced on the security page (spec 1 §2).
    await markResetRequired(tx, user.id, now);
    // Whoever was signed in with the old password is signed out.
    await revokeSessionsOfUser(tx, user.id, 'password-recovered', now);
    await enqueueMessage(
      tx,
      {
        channel,
        recipient,
        subject: 'Your temporary password',
        body: `Your temporary password is: ${password}`,
        purpose: 'temporary-password',
      },
      now,
    );
  });
}

function publicUrl(context: AppContext): string {
  return (context.env.PUBLIC_URL ?? `http://localhost:${context.env.PORT}`).replace(/\/$/, '');
}

export async function sendActivationLink(
  context: AppContext,
  token: string,
  channel: RecoveryChannel,
): Promise<SentInfo> {
  return sendOnChannelStep(context, token, channel, 'pending', async (tx, user, recipient, now) => {
    const activation = await issueToken(
      tx,
      PURPOSE.activation,
      user.id,
      now,
      ACTIVATION_LINK_TTL_HOURS * 60 * MINUTE,
    );
    const link = `${publicUrl(context)}/guest/activate-account?token=${encodeURIComponent(activation)}`;
    await enqueueMessage(
      tx,
      {
        channel,
        recipient,
        subject: 'Activate your account',
        body: `Activate your account: ${link}`,
        purpose: 'activation-link',
      },
      now,
    );
  });
}

export async function activateAccount(context: AppContext, token: string): Promise<{ message: string }> {
  const now = context.now();
  await context.db.transaction(async (tx) => {
    const row = await findLiveToken(tx, PURPOSE.activation, sha256(token), now);
    if (!row?.userId || !(await consumeToken(tx, row.id, now))) {
      throw new HttpError(400, ACTIVATION_LINK_INVALID_TEXT, {
        code: 'activation_invalid',
        errors: [{ detail: ACTIVATION_LINK_INVALID_TEXT }],
      });
    }
    await activateUser(tx, row.userId, now);
  });
  return { message: ACCOUNT_ACTIVATED_TEXT };
}

/**
 * The password prompt's Reject (spec 3 §7, decision 0044): every live step of a password reset of this
 * person is used up, so whoever answered the security question cannot go on to the temporary password.
 * Returns how many steps were stopped (0 when the reset had already finished or expired).
 */
export async function stopPasswordRecovery(db: Db, userId: string, now: Date): Promise<number> {
  return consumeTokensOfUser(db, userId, [PURPOSE.question, PURPOSE.channel], now);
}
