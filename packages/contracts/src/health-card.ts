import { z } from 'zod';
import { INSURANCE_CARD_KINDS } from './insurance.ts';

// Issue 16 /user/single/health-card (spec 1 §2 patient side menu "health card"; decision 0034): what a
// patient's member card shows. The spec names the screen only; the fields are those of a member card.

export const HEALTH_CARD_PATH = '/api/users/me/health-card';

/** A clinic location: the department of the patient's next (else latest) visit at that clinic. */
export const healthCardLocationSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type HealthCardLocation = z.infer<typeof healthCardLocationSchema>;

export const healthCardClinicSchema = z.object({
  id: z.uuid(),
  /** The number a person types on 'Log in with your Clinic ID' (spec 1 §2). */
  clinicNumber: z.number().int(),
  name: z.string(),
  /** Logo address from the clinic's branding, or null. */
  logo: z.string().nullable(),
  location: healthCardLocationSchema.nullable(),
});
export type HealthCardClinic = z.infer<typeof healthCardClinicSchema>;

/** One insurance card's details (spec 2 §3 / spec 3 §3), never its photos. */
export const healthCardInsuranceSchema = z.object({
  kind: z.enum(INSURANCE_CARD_KINDS),
  /** spec 3 §3 ircName (payer). */
  payer: z.string(),
  planName: z.string(),
  /** spec 2 §3 insurance number: the member (subscriber) id printed on the insurance card. */
  memberNumber: z.string(),
  policyHolderName: z.string(),
  /** The clinic that holds this card. */
  clinicName: z.string(),
});
export type HealthCardInsurance = z.infer<typeof healthCardInsuranceSchema>;

export const healthCardSchema = z.object({
  patient: z.object({
    id: z.uuid(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** YYYY-MM-DD, or null when the account has none. */
    birthdate: z.string().nullable(),
    memberId: z.string(),
  }),
  /** The clinics the patient belongs to, the first one they joined first. */
  clinics: z.array(healthCardClinicSchema),
  insurance: z.object({
    primary: healthCardInsuranceSchema.nullable(),
    secondary: healthCardInsuranceSchema.nullable(),
  }),
});
export type HealthCard = z.infer<typeof healthCardSchema>;
