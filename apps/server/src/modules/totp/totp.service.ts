import { Secret, TOTP } from 'otpauth';
import { TOTP_LOCKED_TEXT, TOTP_WRONG_CODE_TEXT, type TotpEnrolment } from '@app/contracts/totp';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { openSecret, sealSecret } from './totp-secret-box.ts';
import {
  claimTotpStep,
  deleteTotp,
  findTotp,
  hasConfirmedTotp,
  recordTotpFailure,
  savePendingTotp,
  type TotpRow,
} from './totp.repository.ts';

/** RFC 6238 defaults, which every authenticator app understands. */
const PERIOD_SECONDS = 30;
/** Wrong codes before the factor locks, shared by enrolment, disabling and login (like the SMS code). */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_LOCK_MS = 15 * 60_000;

function totpOf(secret: Secret, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret });
}

export type CodeCheck = 'ok' | 'wrong' | 'locked';

/**
 * Checks a code against the person's factor: one step of clock drift either way, each step accepted
 * once, five wrong codes lock it for 15 minutes.
 */
async function checkCode(
  context: AppContext,
  row: TotpRow,
  code: string,
  confirm: boolean,
): Promise<CodeCheck> {
  const now = context.now();
  if (row.lockedUntil !== null && row.lockedUntil > now) {
    return 'locked';
  }
  const secret = openSecret(context.signingKey, row.secretEncrypted);
  const delta =
    secret === null
      ? null
      : totpOf(Secret.fromBase32(secret), 'x', 'x').validate({
          token: code,
          timestamp: now.getTime(),
          window: 1,
        });
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + (delta ?? 0);
  if (delta === null || !(await claimTotpStep(context.db, row.userId, step, confirm, now))) {
    await recordTotpFailure(
      context.db,
      row.userId,
      TOTP_MAX_FAILURES,
      new Date(now.getTime() + TOTP_LOCK_MS),
    );
    return 'wrong';
  }
  return 'ok';
}

function throwUnlessOk(result: CodeCheck): void {
  if (result === 'locked') {
    throw new HttpError(429, TOTP_LOCKED_TEXT, { code: 'too_many_attempts' });
  }
  if (result === 'wrong') {
    throw new HttpError(400, TOTP_WRONG_CODE_TEXT, {
      code: 'wrong_code',
      errors: [{ detail: TOTP_WRONG_CODE_TEXT, field: 'code' }],
    });
  }
}

export async function totpEnabled(context: AppContext, userId: string): Promise<boolean> {
  return hasConfirmedTotp(context.db, userId);
}

/** Step 1: a new secret, shown once (as text and as the otpauth:// URI for the QR code). */
export async function startTotpEnrolment(context: AppContext, auth: AuthContext): Promise<TotpEnrolment> {
  if (await hasConfirmedTotp(context.db, auth.userId)) {
    throw new HttpError(409, 'An authenticator app is already set up. Turn it off first.', {
      code: 'totp_enabled',
    });
  }
  const user = await findUserById(context.db, auth.userId);
  if (!user) {
    throw new Error('authenticated user vanished');
  }
  const secret = new Secret({ size: 20 });
  await savePendingTotp(context.db, user.id, sealSecret(context.signingKey, secret.base32), context.now());
  const label = user.username ?? user.email ?? user.memberId;
  return {
    secret: secret.base32,
    otpauthUri: totpOf(secret, label, context.env.WEBAUTHN_RP_NAME).toString(),
  };
}

/** Step 2: the first code from the app proves it was set up; from now on logins ask for a code. */
export async function confirmTotpEnrolment(
  context: AppContext,
  auth: AuthContext,
  code: string,
): Promise<void> {
  const row = await findTotp(context.db, auth.userId);
  if (!row || row.confirmedAt !== null) {
    throw new HttpError(400, 'Please start setting up the authenticator app again.', {
      code: 'no_pending_enrolment',
    });
  }
  throwUnlessOk(await checkCode(context, row, code, true));
}

/** Turning it off takes a current code, so a borrowed session alone cannot remove the factor. */
export async function disableTotp(context: AppContext, auth: AuthContext, code: string): Promise<void> {
  const row = await findTotp(context.db, auth.userId);
  if (!row || row.confirmedAt === null) {
    throw new HttpError(400, 'No authenticator app is set up.', { code: 'totp_not_enabled' });
  }
  throwUnlessOk(await checkCode(context, row, code, false));
  await deleteTotp(context.db, auth.userId);
}

/** The login's second step for an account with an authenticator app (two-factor.service.ts). */
export async function checkTotpLoginCode(
  context: AppContext,
  userId: string,
  code: string,
): Promise<CodeCheck> {
  const row = await findTotp(context.db, userId);
  if (!row || row.confirmedAt === null) {
    return 'wrong';
  }
  return checkCode(context, row, code, false);
}
