import { z } from 'zod';
import { APPOINTMENT_TYPES } from './appointments.ts';

// spec 1 §1, §2 rule 3: the check-in app's first screen, {role}/confirm-patient — "confirm who is
// checking in" (name, date of birth) before that patient's check-in of today (issue 16, decision 0036).
// The patient reads their own; the kiosk (self check-in, spec 2 §2) reads the patient of the visit it
// picked in the patient search.

/** GET /api/check-in/confirm-patient[?appointmentId]: without an id, today's visits. */
export const confirmPatientQuerySchema = z.object({
  appointmentId: z.uuid('The appointment id is not valid').optional(),
});

/** GET /api/self-check-in/appointments/:appointmentId/confirm-patient (kiosk, providers of the clinic). */
export const kioskConfirmPatientParamsSchema = z.object({
  appointmentId: z.uuid('The appointment id is not valid'),
});

/** Who is checking in: enough to recognise oneself, nothing more. */
export const confirmPatientIdentitySchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** First and last name, as the screen shows it. */
  name: z.string(),
  /** YYYY-MM-DD, or null when the account has none. */
  birthdate: z.string().nullable(),
});
export type ConfirmPatientIdentity = z.infer<typeof confirmPatientIdentitySchema>;

/** A visit to check in for, with what a patient recognises it by. */
export const confirmPatientAppointmentSchema = z.object({
  id: z.string(),
  /** ISO 8601 with the department's offset (spec 2 §9). */
  startAt: z.string(),
  finishAt: z.string(),
  /** The department's zone: the time is shown in it. */
  timezone: z.string(),
  type: z.enum(APPOINTMENT_TYPES),
  doctorName: z.string(),
  clinicName: z.string(),
  departmentUuid: z.string(),
  departmentName: z.string(),
  consultationTypeTitle: z.string(),
  /** The check-in of this visit is finished (spec 2 §4). */
  isCheckedIn: z.boolean(),
});
export type ConfirmPatientAppointment = z.infer<typeof confirmPatientAppointmentSchema>;

export const confirmPatientSchema = z.object({
  patient: confirmPatientIdentitySchema,
  /** Today's live visits in their departments' zones, soonest first; or the one visit asked for. */
  appointments: z.array(confirmPatientAppointmentSchema),
});
export type ConfirmPatient = z.infer<typeof confirmPatientSchema>;
