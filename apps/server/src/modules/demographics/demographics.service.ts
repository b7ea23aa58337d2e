import {
  EMERGENCY_PHONE_INVALID_TEXT,
  PATIENT_NOT_FOUND_TEXT,
  type Address,
  type ClinicUserDetails,
  type EmergencyContact,
  type PersonalData,
  type updateAddressSchema,
  type updateEmergencySchema,
  type updatePersonalSchema,
} from '@app/contracts/demographics';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { isValidMobilePhone, toE164 } from '../../platform/phone-validation.ts';
import {
  findDemographics,
  findPatientUser,
  isDepartmentOfClinic,
  isPatientOfClinics,
  updateUserPersonal,
  upsertDemographics,
} from './demographics.repository.ts';

// spec 2 §3, §5, §7 demographics (decision 0021).

type PatientUser = NonNullable<Awaited<ReturnType<typeof findPatientUser>>>;

function notFound(): HttpError {
  return new HttpError(404, PATIENT_NOT_FOUND_TEXT, { code: 'patient_not_found' });
}

/**
 * The patient whose demographics the caller may read and edit: a patient their own (registered at the
 * clinic when one is named), a provider the patients of their clinics. Anyone else: 404.
 */
export async function requireDemographicsPatient(
  db: Db,
  auth: AuthContext,
  accountId: string,
  clinicId: string | null,
): Promise<PatientUser> {
  let allowed: boolean;
  if (auth.role === 'provider') {
    const clinics = clinicId === null ? auth.clinicIds : auth.clinicIds.filter((id) => id === clinicId);
    allowed = await isPatientOfClinics(db, accountId, clinics);
  } else {
    allowed =
      accountId === auth.userId &&
      (clinicId === null || (await isPatientOfClinics(db, accountId, [clinicId])));
  }
  const patient = allowed ? await findPatientUser(db, accountId) : null;
  if (!patient) {
    throw notFound();
  }
  return patient;
}

export async function getPersonal(
  db: Db,
  auth: AuthContext,
  params: { clinicUuid: string; accountId: string },
): Promise<PersonalData> {
  const user = await requireDemographicsPatient(db, auth, params.accountId, params.clinicUuid);
  const extra = await findDemographics(db, user.id);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    birthdate: user.birthdate,
    gender: user.gender,
    email: user.email,
    username: user.username,
    image: user.image,
    communicationLanguage: user.communicationLanguage,
    homePhone: extra?.homePhone ?? null,
    mobilePhone: user.mobilePhone,
    language: extra?.language ?? null,
    contactPreference: extra?.contactPreference ?? null,
    maritalStatus: extra?.maritalStatus ?? null,
    raceCode: extra?.raceCode ?? null,
    ethnicCode: extra?.ethnicCode ?? null,
    timezone: user.timezone,
  };
}

/**
 * spec 2 §5: empty choices arrive as null (the schema turns '' into null too); username, image,
 * communication language and phones are not part of the call and are never written here.
 */
export async function updatePersonal(
  db: Db,
  auth: AuthContext,
  params: { clinicUuid: string; accountId: string },
  input: z.output<typeof updatePersonalSchema>,
  now: Date,
): Promise<PersonalData> {
  const user = await requireDemographicsPatient(db, auth, params.accountId, params.clinicUuid);
  if (input.departmentUuid && !(await isDepartmentOfClinic(db, input.departmentUuid, params.clinicUuid))) {
    throw new HttpError(400, 'The department is not one of this clinic.', {
      code: 'validation_error',
      errors: [{ detail: 'The department is not one of this clinic.', field: 'departmentUuid' }],
    });
  }
  await db.transaction(async (tx) => {
    await updateUserPersonal(
      tx,
      user.id,
      {
        firstName: input.firstName,
        lastName: input.lastName,
        birthdate: input.birthdate,
        gender: input.gender,
        email: input.email,
        timezone: input.timezone,
      },
      now,
    );
    await upsertDemographics(
      tx,
      user.id,
      {
        language: input.language,
        contactPreference: input.contactPreference,
        maritalStatus: input.maritalStatus,
        raceCode: input.raceCode,
        ethnicCode: input.ethnicCode,
        ...(input.departmentUuid ? { departmentId: input.departmentUuid } : {}),
      },
      now,
    );
  });
  return getPersonal(db, auth, params);
}

export async function getEmergency(db: Db, auth: AuthContext, accountId: string): Promise<EmergencyContact> {
  const user = await requireDemographicsPatient(db, auth, accountId, null);
  const extra = await findDemographics(db, user.id);
  return {
    name: extra?.emergencyName ?? null,
    relationship: extra?.emergencyRelationship ?? null,
    phone: extra?.emergencyPhone ?? null,
  };
}

/** spec 2 §5 "Emergency phone is validated by the server as a US mobile number". */
export async function updateEmergency(
  db: Db,
  auth: AuthContext,
  accountId: string,
  input: z.output<typeof updateEmergencySchema>,
  now: Date,
): Promise<EmergencyContact> {
  const user = await requireDemographicsPatient(db, auth, accountId, null);
  const phone = (await isValidMobilePhone(input.phone, 'US')) ? await toE164(input.phone, 'US') : null;
  if (!phone) {
    throw new HttpError(400, EMERGENCY_PHONE_INVALID_TEXT, {
      code: 'validation_error',
      errors: [{ detail: EMERGENCY_PHONE_INVALID_TEXT, field: 'phone' }],
    });
  }
  // In a transaction of its own, so the change and its audit event commit together (decision 0064).
  await db.transaction((tx) =>
    upsertDemographics(
      tx,
      user.id,
      { emergencyName: input.name, emergencyRelationship: input.relationship, emergencyPhone: phone },
      now,
    ),
  );
  return getEmergency(db, auth, accountId);
}

export async function getAddress(
  db: Db,
  auth: AuthContext,
  params: { clinicUuid: string; accountId: string },
): Promise<Address> {
  const user = await requireDemographicsPatient(db, auth, params.accountId, params.clinicUuid);
  const extra = await findDemographics(db, user.id);
  return {
    address1: extra?.address1 ?? null,
    address2: extra?.address2 ?? null,
    city: extra?.city ?? null,
    zip: extra?.zip ?? null,
    countryId: extra?.countryId ?? null,
    stateId: extra?.stateId ?? null,
  };
}

export async function updateAddress(
  db: Db,
  auth: AuthContext,
  params: { clinicUuid: string; accountId: string },
  input: z.output<typeof updateAddressSchema>,
  now: Date,
): Promise<Address> {
  const user = await requireDemographicsPatient(db, auth, params.accountId, params.clinicUuid);
  // In a transaction of its own, so the change and its audit event commit together (decision 0064).
  await db.transaction((tx) => upsertDemographics(tx, user.id, input, now));
  return getAddress(db, auth, params);
}

export async function getClinicUserDetails(
  db: Db,
  auth: AuthContext,
  params: { clinicUuid: string; userId: string },
): Promise<ClinicUserDetails> {
  const user = await requireDemographicsPatient(db, auth, params.userId, params.clinicUuid);
  const extra = await findDemographics(db, user.id);
  return { patientId: user.memberId, homePhone: extra?.homePhone ?? null, mobilePhone: user.mobilePhone };
}
