import { z } from 'zod';
import {
  birthdateSchema,
  emailSchema,
  firstNameSchema,
  genderSchema,
  lastNameSchema,
  mobilePhoneSchema,
} from './sign-up.ts';

// spec 2 §2 "Provider new-patient registration" and "Provider view of one patient's appointments";
// spec 2 §4 provider-to-patient switch. Paths are ours (decision 0017). Texts: ./patient-texts.ts.

export const clinicPatientParamsSchema = z.object({ clinicUuid: z.uuid('clinicUuid is not valid') });
export const patientIdParamsSchema = z.object({ patientId: z.uuid('patientId is not valid') });

/**
 * POST /api/clinics/:clinicUuid/patients — the new patient's identity, with the sign-up rules of
 * spec 1 §5 for each field. Phone and email are optional here: the provider may not have them at the
 * desk (the sign-up's "one of the two" rule is the patient's own login channel).
 */
export const patientCreateRequestSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  birthdate: birthdateSchema,
  gender: genderSchema,
  mobilePhone: mobilePhoneSchema.default(''),
  email: emailSchema.default(''),
});
export type PatientCreateRequest = z.input<typeof patientCreateRequestSchema>;

/** The new patient's user id (our patientId, decision 0017) and member number. */
export const patientCreateResponseSchema = z.object({ userId: z.string(), memberId: z.string() });
export type PatientCreateResponse = z.infer<typeof patientCreateResponseSchema>;

/** GET /api/patients/:patientId — the header of the provider's view of one patient. */
export const patientSummarySchema = z.object({
  id: z.string(),
  /** Null for a provider without PATIENT at the patient's clinics (decision 0060). */
  memberId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  birthdate: z.string().nullable(),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

/** GET /api/provider/patient-clinics — where the caller may register patients (PATIENT permission). */
export const patientClinicListSchema = z.object({
  clinics: z.array(z.object({ clinicUuid: z.string(), title: z.string() })),
});
export type PatientClinic = z.infer<typeof patientClinicListSchema>['clinics'][number];
