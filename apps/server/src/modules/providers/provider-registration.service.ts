import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  INVALID_PIN_CODE_TEXT,
  PROVIDER_ALREADY_REGISTERED_TEXT,
  PROVIDER_NOT_FOUND_TEXT,
  USERNAME_IN_USE_TEXT,
  type ProviderClinicOption,
  type ProviderLookupQuery,
} from '@app/contracts/provider-registration';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError, OAuthHttpError } from '../../platform/http-error.ts';
import { enqueueMessage } from '../../platform/outbox/outbox.ts';
import { randomToken, sha256 } from '../../platform/passwords.ts';
import { setPassword, setSecurityQuestion } from '../accounts/account-security.service.ts';
import {
  consumePinCode,
  findDoctorById,
  findLivePinCode,
  findProviderMatches,
  recordPinFailure,
  replacePinCode,
  updateUsername,
  usernameTakenByOther,
} from './provider-registration.repository.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';

export const PIN_CODE_TTL_MS = 10 * 60_000;
export const PIN_CODE_MAX_ATTEMPTS = 5;

export type LookupOutcome =
  { kind: 'one'; providerId: string } | { kind: 'several'; options: ProviderClinicOption[] };

/**
 * spec 1 §4 Doctor registration: one provider -> providerId; the same provider in several clinics and
 * no clinic chosen -> the clinics to choose from (HTTP 300). Nothing matching -> 404 with one detail,
 * whichever field was wrong, so the answer does not tell whether the email or the last name is known.
 */
export async function lookupProvider(
  context: AppContext,
  query: ProviderLookupQuery,
): Promise<LookupOutcome> {
  const matches = await findProviderMatches(context.db, query.lastName, query.email, query.clinicUuid);
  const first = matches[0];
  if (!first) {
    throw new HttpError(404, PROVIDER_NOT_FOUND_TEXT, {
      code: 'provider_not_found',
      errors: [{ detail: PROVIDER_NOT_FOUND_TEXT }],
    });
  }
  const userIds = new Set(matches.map((m) => m.userId));
  // Two different doctors sharing a last name and an email is a data error; asking for the clinic
  // narrows it down the same way as one doctor in several clinics.
  if (matches.length > 1 && !query.clinicUuid) {
    return {
      kind: 'several',
      options: matches.map((m) => ({ clinicUuid: m.clinicId, title: m.clinicName })),
    };
  }
  if (userIds.size > 1) {
    throw new HttpError(409, PROVIDER_NOT_FOUND_TEXT, { errors: [{ detail: PROVIDER_NOT_FOUND_TEXT }] });
  }
  return { kind: 'one', providerId: first.userId };
}

function pinHash(userId: string, nonce: string, pin: string): string {
  return sha256(`${userId}:${nonce}:${pin}`);
}

/**
 * Sends a 6-digit pin code to the provider's email (10 minutes, 5 tries). An unknown id answers like a
 * known one and sends nothing (no enumeration by id). A provider who already has credentials gets 406:
 * spec 1 §4 "a pin-code send answered with status 406 triggers a fresh login".
 */
export async function sendPinCode(context: AppContext, providerId: string): Promise<void> {
  const doctor = await findDoctorById(context.db, providerId);
  if (!doctor || doctor.status === 'inactive' || !doctor.email) {
    return;
  }
  if (doctor.passwordHash !== null) {
    throw new HttpError(406, PROVIDER_ALREADY_REGISTERED_TEXT, { code: 'already_registered' });
  }
  const now = context.now();
  const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const nonce = randomToken(16);
  const email = doctor.email;
  await context.db.transaction(async (tx) => {
    await replacePinCode(tx, {
      userId: doctor.id,
      tokenHash: pinHash(doctor.id, nonce, pin),
      nonce,
      now,
      expiresAt: new Date(now.getTime() + PIN_CODE_TTL_MS),
    });
    await enqueueMessage(
      tx,
      {
        channel: 'email',
        recipient: email,
        subject: 'Your registration pin code',
        body: `Your pin code is ${pin}. It expires in 10 minutes.`,
        purpose: 'provider-pin-code',
      },
      now,
    );
  });
}

function invalidPin(): OAuthHttpError {
  return new OAuthHttpError(400, 'invalid_grant', INVALID_PIN_CODE_TEXT);
}

/**
 * The pin_code grant (spec 1 §7 Doctor pin-code login). Every failure is the same invalid_grant. A
 * correct pin proves the doctor reads the email on record, so a pending (imported) account becomes
 * active here; the doctor then chooses credentials on provider/auth-data.
 */
export async function verifyPinCodeLogin(context: AppContext, providerId: string, pin: string) {
  const now = context.now();
  const doctor = await findDoctorById(context.db, providerId);
  if (!doctor || doctor.status === 'inactive' || doctor.passwordHash !== null) {
    throw invalidPin();
  }
  const token = await findLivePinCode(context.db, doctor.id, now);
  if (!token) {
    throw invalidPin();
  }
  const nonce = typeof token.data.nonce === 'string' ? token.data.nonce : '';
  if (pinHash(doctor.id, nonce, pin) !== token.tokenHash) {
    await recordPinFailure(context.db, token.id, PIN_CODE_MAX_ATTEMPTS, now);
    throw invalidPin();
  }
  if (!(await consumePinCode(context.db, token.id, now))) {
    throw invalidPin();
  }
  if (doctor.status === 'pending') {
    const [activated] = await context.db
      .update(users)
      .set({ status: 'active', updatedAt: now })
      .where(eq(users.id, doctor.id))
      .returning();
    return activated ?? doctor;
  }
  return doctor;
}

/** The provider calls act on the caller's own account only (the id is the doctor's user id). */
function requireOwnAccount(auth: AuthContext, id: string): void {
  if (auth.userId !== id) {
    throw new HttpError(403, 'You do not have permission to do this.', { code: 'forbidden' });
  }
}

export async function setProviderUsername(
  context: AppContext,
  auth: AuthContext,
  id: string,
  username: string,
): Promise<void> {
  requireOwnAccount(auth, id);
  if (await usernameTakenByOther(context.db, username, id)) {
    throw new HttpError(409, USERNAME_IN_USE_TEXT, {
      code: 'username_in_use',
      errors: [{ detail: USERNAME_IN_USE_TEXT, field: 'username' }],
    });
  }
  try {
    await updateUsername(context.db, id, username, context.now());
  } catch (error) {
    // A parallel request took the name between the check and the write (unique index).
    if (isUniqueViolation(error)) {
      throw new HttpError(409, USERNAME_IN_USE_TEXT, {
        code: 'username_in_use',
        errors: [{ detail: USERNAME_IN_USE_TEXT, field: 'username' }],
      });
    }
    throw error;
  }
}

export async function setProviderPassword(
  context: AppContext,
  auth: AuthContext,
  id: string,
  newPassword: string,
): Promise<void> {
  requireOwnAccount(auth, id);
  await setPassword(context.db, id, newPassword, context.now());
}

export async function setProviderSecurityQuestion(
  context: AppContext,
  auth: AuthContext,
  id: string,
  question: string,
  answer: string,
): Promise<void> {
  requireOwnAccount(auth, id);
  await setSecurityQuestion(context.db, id, question, answer, context.now());
}
