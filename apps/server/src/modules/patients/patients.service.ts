import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  NO_CLINIC_ACCESS_TEXT,
  NO_PATIENT_ACCESS_TEXT,
  PATIENT_EXISTS_TEXT,
} from '@app/contracts/patient-texts';
import type {
  PatientClinic,
  PatientCreateResponse,
  PatientSummary,
  patientCreateRequestSchema,
} from '@app/contracts/patients';
import { SIGN_UP_MESSAGES } from '@app/contracts/sign-up-texts';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { HttpError } from '../../platform/http-error.ts';
import { isValidMobilePhone, toE164 } from '../../platform/phone-validation.ts';
import { auditChangeTouches } from '../../platform/audit/audit-transaction.ts';
import {
  clinicsWithPermission,
  findPatient,
  insertClinicPatient,
  lockClinicPerson,
  providerReachesPatient,
  samePatientAtClinic,
} from './patients.repository.ts';

type PatientCreateInput = z.output<typeof patientCreateRequestSchema>;

/** spec 2 §2, §6: a provider sees a patient's appointments with either permission. */
export const PATIENT_VIEW_PERMISSIONS = ['PATIENT', 'APPOINTMENTS'] as const;

const MEMBER_ID_ATTEMPTS = 3;

function noPatientAccess(): HttpError {
  return new HttpError(403, NO_PATIENT_ACCESS_TEXT, { code: 'no_patient_access' });
}

/**
 * Whether this provider may act for the patient (view them, book for them, switch into their
 * session): PATIENT or APPOINTMENTS at a clinic where the patient is registered. A patient caller
 * never may.
 */
export async function mayActForPatient(
  context: AppContext,
  auth: Pick<AuthContext, 'userId' | 'role'>,
  patientUserId: string,
): Promise<boolean> {
  if (auth.role !== 'provider') {
    return false;
  }
  return providerReachesPatient(context.db, auth.userId, patientUserId, PATIENT_VIEW_PERMISSIONS);
}

/**
 * GET /api/patients/:patientId. A patient outside the provider's clinics and one who does not exist
 * get the same 403 (spec 3's text), so the answer tells nothing about other clinics' patients.
 */
export async function readPatient(
  context: AppContext,
  auth: AuthContext,
  patientUserId: string,
): Promise<PatientSummary> {
  if (!(await mayActForPatient(context, auth, patientUserId))) {
    throw noPatientAccess();
  }
  const patient = await findPatient(context.db, patientUserId);
  if (!patient) {
    throw noPatientAccess();
  }
  // spec 3 §6: the member ID is part of the patient view (PATIENT); booking (APPOINTMENTS) needs the
  // name and birth date only (issue 19 item 6, decision 0060).
  const seesPatientView = await providerReachesPatient(context.db, auth.userId, patientUserId, ['PATIENT']);
  return {
    id: patient.id,
    memberId: seesPatientView ? patient.memberId : null,
    firstName: patient.firstName,
    lastName: patient.lastName,
    name: `${patient.firstName} ${patient.lastName}`,
    birthdate: patient.birthdate,
  };
}

export async function listPatientClinics(context: AppContext, auth: AuthContext): Promise<PatientClinic[]> {
  return clinicsWithPermission(context.db, auth.userId, 'PATIENT');
}

async function mobilePhoneOf(digits: string): Promise<string | null> {
  if (digits === '') {
    return null;
  }
  const e164 = await toE164(digits, 'US');
  if (!e164 || !(await isValidMobilePhone(digits, 'US'))) {
    throw new HttpError(400, SIGN_UP_MESSAGES.mobilePhoneInvalid, {
      code: 'validation_error',
      errors: [{ detail: SIGN_UP_MESSAGES.mobilePhoneInvalid, field: 'mobilePhone' }],
    });
  }
  return e164;
}

/**
 * spec 2 §2 Provider new-patient registration: a pending patient (no username or password yet; the
 * activation link of spec 1 §2 gives them a login later), registered at the clinic with source
 * 'provider'. One transaction with a per-person lock, so two Saves of the same person give one
 * patient and one 409.
 */
export async function registerPatient(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  input: PatientCreateInput,
): Promise<PatientCreateResponse> {
  const clinics = await clinicsWithPermission(context.db, auth.userId, 'PATIENT');
  if (!clinics.some((clinic) => clinic.clinicUuid === clinicId)) {
    throw new HttpError(403, NO_CLINIC_ACCESS_TEXT, { code: 'no_clinic_access' });
  }
  const mobilePhone = await mobilePhoneOf(input.mobilePhone);
  const person = { firstName: input.firstName, lastName: input.lastName, birthdate: input.birthdate };
  const now = context.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await context.db.transaction(async (tx) => {
        await lockClinicPerson(tx, clinicId, person);
        if (await samePatientAtClinic(tx, clinicId, person)) {
          throw new HttpError(409, PATIENT_EXISTS_TEXT, {
            code: 'patient_exists',
            errors: [{ detail: PATIENT_EXISTS_TEXT }],
          });
        }
        const inserted = await insertClinicPatient(
          tx,
          {
            memberId: String(randomInt(100_000_000, 1_000_000_000)),
            memberType: 'patient',
            status: 'pending',
            firstName: input.firstName,
            lastName: input.lastName,
            birthdate: input.birthdate,
            gender: input.gender,
            email: input.email === '' ? null : input.email,
            mobilePhone,
            createdAt: now,
            updatedAt: now,
          },
          clinicId,
          now,
        );
        // The new patient is the one this change touched; only now is their id known (issue 19).
        auditChangeTouches([inserted.id]);
        return inserted;
      });
      return { userId: created.id, memberId: created.memberId };
    } catch (error) {
      // A member number collision is ours to retry (nothing else here is unique).
      if (uniqueViolation(error) && attempt < MEMBER_ID_ATTEMPTS) {
        continue;
      }
      throw error;
    }
  }
}
