import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { CLIENT_IDS } from '@app/contracts/session';
import { GENDERS, SIGN_UP_MESSAGES } from '@app/contracts/sign-up-texts';
import {
  type GenderOption,
  type SignUpRedirectHint,
  type UserCheckResponse,
  type UserCreateResponse,
  type phoneValidationRequestSchema,
  type signUpSecurityDataSchema,
  type userCheckRequestSchema,
  type userCreateRequestSchema,
} from '@app/contracts/sign-up';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { isValidMobilePhone, toE164 } from '../../platform/phone-validation.ts';
import { startSession, type LoginDevice } from '../auth/session-tokens.ts';
import { setSecurityQuestion } from './account-security.service.ts';
import {
  clinicExists,
  registerAtClinic,
  insertPatient,
  lockIdentity,
  personExists,
  securityQuestionIsEmpty,
  usernameTaken,
  type PersonIdentity,
} from './sign-up.repository.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { findHomeClinicId } from './home-clinic.repository.ts';

type UserCheckRequest = z.output<typeof userCheckRequestSchema>;
type UserCreateRequest = z.output<typeof userCreateRequestSchema>;
type PhoneValidationRequest = z.output<typeof phoneValidationRequestSchema>;
type SecurityData = z.output<typeof signUpSecurityDataSchema>;

const PHONE_REGION = 'US';

/** spec 1 §5, §8: "mobilePhone errors set a mobilePhone error". */
function invalidMobilePhone(): HttpError {
  return new HttpError(400, SIGN_UP_MESSAGES.mobilePhoneInvalid, {
    code: 'validation_error',
    errors: [{ detail: SIGN_UP_MESSAGES.mobilePhoneInvalid, field: 'mobilePhone' }],
  });
}

function userExistsError(): HttpError {
  return new HttpError(409, SIGN_UP_MESSAGES.userExists, {
    code: 'user_exists',
    errors: [{ detail: SIGN_UP_MESSAGES.userExists }],
  });
}

/** spec 1 §5: "username errors show the first message on the username field". */
function usernameExistsError(): HttpError {
  return new HttpError(409, SIGN_UP_MESSAGES.usernameExists, {
    code: 'username_exists',
    errors: [{ detail: SIGN_UP_MESSAGES.usernameExists, field: 'username' }],
  });
}

/** The mobile phone in E.164, or null when none was given; not a US mobile -> 400 on mobilePhone. */
async function mobilePhoneOf(digits: string): Promise<string | null> {
  if (digits === '') {
    return null;
  }
  const e164 = await toE164(digits, PHONE_REGION);
  if (!e164 || !(await isValidMobilePhone(digits, PHONE_REGION))) {
    throw invalidMobilePhone();
  }
  return e164;
}

async function identityOf(input: UserCheckRequest): Promise<PersonIdentity> {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    birthdate: input.birthdate,
    email: input.email === '' ? null : input.email.toLowerCase(),
    mobilePhone: await mobilePhoneOf(input.mobilePhone),
  };
}

/**
 * User check (spec 1 §4): the person already has an account -> userExists; else a taken username ->
 * userExists with the username field's message; else nothing exists. This call tells whether an
 * account exists by design (the spec needs it), so its route has the sign-up rate limit (decision 0010).
 */
export async function checkUser(context: AppContext, input: UserCheckRequest): Promise<UserCheckResponse> {
  if (await personExists(context.db, await identityOf(input))) {
    return { userExists: true };
  }
  if (input.username !== undefined && (await usernameTaken(context.db, input.username))) {
    return { userExists: true, username: SIGN_UP_MESSAGES.usernameExists };
  }
  return { userExists: false };
}

/** A public member number; nine digits, like the clinic's own numbers. */
function newMemberId(): string {
  return String(randomInt(100_000_000, 1_000_000_000));
}

const MEMBER_ID_ATTEMPTS = 3;

/** decision 0010: the hint comes from the clinic link the person signed up through, if the clinic exists. */
async function redirectHintOf(
  context: AppContext,
  input: UserCreateRequest,
): Promise<SignUpRedirectHint | null> {
  if (!input.origin || !(await clinicExists(context.db, input.origin.clinicUuid))) {
    return null;
  }
  return input.origin.appointment ? 'scheduleAppointment' : 'addingProvider';
}

/**
 * User create (spec 1 §4): one transaction checks the person and the username and inserts the
 * patient, so a parallel create of the same person waits (advisory lock) and a parallel create of the
 * same username hits the unique index: both answer 409, never 500. Then the first session starts.
 */
export async function createUser(
  context: AppContext,
  input: UserCreateRequest,
  /** Issue 19 item 10: the device the first session is opened on. */
  device: LoginDevice,
): Promise<UserCreateResponse> {
  const person = await identityOf(input);
  const passwordHash = await hashSecret(input.password);
  const now = context.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const user = await context.db.transaction(async (tx) => {
        await lockIdentity(tx, person);
        if (await personExists(tx, person)) {
          throw userExistsError();
        }
        if (await usernameTaken(tx, input.username)) {
          throw usernameExistsError();
        }
        const patient = await insertPatient(tx, {
          memberId: newMemberId(),
          username: input.username,
          passwordHash,
          memberType: 'patient',
          // Active at once: spec 1 §4 logs the person in with the returned token (decision 0010).
          status: 'active',
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email === '' ? null : input.email,
          mobilePhone: person.mobilePhone,
          birthdate: input.birthdate,
          gender: input.gender,
          termsAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        // A sign-up through a clinic's link makes the person that clinic's patient, so they can book
        // there at once (decision 0017).
        if (input.origin && (await clinicExists(tx, input.origin.clinicUuid))) {
          await registerAtClinic(tx, input.origin.clinicUuid, patient.id, now);
        } else if (context.env.APP_VARIANT === 'unitedmd') {
          // Decision 0037: the UnitedMD app's sign-up goes on to scheduling, at the home clinic.
          const home = await findHomeClinicId(tx);
          if (home) {
            await registerAtClinic(tx, home, patient.id, now);
          }
        }
        return patient;
      });
      return {
        token: await startSession(context, user, CLIENT_IDS.portal, device),
        redirectTo: await redirectHintOf(context, input),
      };
    } catch (error) {
      const violation = uniqueViolation(error);
      if (!violation) {
        throw error;
      }
      // A member number collision is ours to retry; anything else unique is the username.
      if (violation.constraint?.includes('member_id')) {
        if (attempt < MEMBER_ID_ATTEMPTS) {
          continue;
        }
        throw error;
      }
      throw usernameExistsError();
    }
  }
}

/** Phone validation (public, spec 1 §7): the same answer for any number, known to us or not. */
export async function validatePhone(input: PhoneValidationRequest): Promise<{ valid: boolean }> {
  // input.type can only be 'mobile' (the schema's enum), the one type the spec asks for (§9).
  return { valid: await isValidMobilePhone(input.phone, input.region) };
}

/** Gender list (public, spec 1 §2 'legal sex'). */
export function listGenders(): GenderOption[] {
  return GENDERS.map((gender) => ({ id: gender.id, name: gender.name }));
}

/**
 * Save user security data (spec 1 §4: after sign-up, once logged in). Only while the account has no
 * security question yet: changing an existing one is the security page's job, which asks for more.
 */
export async function saveSignUpSecurityData(
  context: AppContext,
  auth: AuthContext,
  data: SecurityData,
): Promise<void> {
  const empty = await securityQuestionIsEmpty(context.db, auth.userId);
  if (empty !== true) {
    throw new HttpError(409, SIGN_UP_MESSAGES.securityDataAlreadySet, { code: 'security_data_set' });
  }
  await setSecurityQuestion(context.db, auth.userId, data.question, data.answer, context.now());
}
