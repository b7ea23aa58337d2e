import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';
import { providerPermissionSchema } from './roles.ts';

// Development-only fixtures (NODE_ENV !== 'production'): end-to-end tests create the people and
// clinics they need through the running server, as they cannot reach its embedded database.

export const fixtureUserSchema = z.object({
  memberType: z.enum(['patient', 'doctor']).default('patient'),
  /** Omit for a provider imported from the health record who has not registered yet. */
  username: singleLineText().min(1).max(100).nullable().optional(),
  password: singleLineText().min(1).max(127).nullable().optional(),
  firstName: singleLineText().min(1).max(100).default('Test'),
  lastName: singleLineText().min(1).max(100).default('Person'),
  email: z.email().nullable().optional(),
  mobilePhone: singleLineText().max(20).nullable().optional(),
  birthdate: z.iso.date().nullable().optional(),
  securityQuestion: singleLineText().max(100).nullable().optional(),
  securityAnswer: singleLineText().max(100).nullable().optional(),
  status: z.enum(['active', 'pending', 'inactive']).default('active'),
  isResetPasswordRequired: z.boolean().default(false),
  twoFactorRequired: z.boolean().default(false),
  /** Patients: registered at these clinics. Doctors: providers there, with `permissions`. */
  clinicNumbers: z.array(z.number().int()).default([]),
  permissions: z.array(providerPermissionSchema).default([]),
});
export type FixtureUser = z.input<typeof fixtureUserSchema>;

export const fixtureUserResponseSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  username: z.string().nullable(),
});

export const fixtureClinicSchema = z.object({
  name: singleLineText().min(1).max(200),
  masterPassword: singleLineText().min(1).max(127).nullable().optional(),
});
export type FixtureClinic = z.input<typeof fixtureClinicSchema>;

export const fixtureClinicResponseSchema = z.object({ id: z.string(), clinicNumber: z.number().int() });

/**
 * POST /dev/fixtures/appointments: an appointment written directly for a patient (e2e tests own their
 * data). Without startAt it takes the provider's first free slot from `daysAhead` days on.
 */
export const fixtureAppointmentSchema = z.object({
  userId: z.uuid(),
  clinicNumber: z.number().int().default(1001),
  providerUsername: singleLineText().min(1).max(100).default('dr.smith'),
  consultationTypeName: singleLineText().min(1).max(200).default('Follow-up'),
  /** Default: the first department where the provider offers the consultation type. */
  departmentName: singleLineText().min(1).max(200).optional(),
  startAt: z.iso.datetime({ offset: true }).optional(),
  daysAhead: z.number().int().min(0).max(60).default(1),
  status: z.enum(['booked', 'confirmed', 'cancelled', 'completed']).default('booked'),
  comment: multiLineText().max(2000).nullable().optional(),
});
export type FixtureAppointment = z.input<typeof fixtureAppointmentSchema>;

export const fixtureAppointmentResponseSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  clinicUuid: z.string(),
  providerId: z.string(),
  departmentUuid: z.string(),
  consultationTypeId: z.string(),
  startAt: z.string(),
  finishAt: z.string(),
});
