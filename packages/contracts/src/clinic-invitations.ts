import { z } from 'zod';
import { singleLineText } from './text.ts';
import {
  INVITATION_CODE_INPUT_MAX,
  INVITATION_CODE_MALFORMED_TEXT,
  INVITATION_CODE_REQUIRED_TEXT,
  isInvitationCode,
  normalizeInvitationCode,
} from './clinic-invitation-code.ts';

// Issue 16 item 1, spec 1 §2 "clinics /user/provider" and /user/provider/connect (decision 0035): the
// clinics a patient belongs to, and connecting to another clinic by its invitation code.

/** What a person typed or a link carried: cleaned (upper case, no spaces or hyphens), then checked. */
export const invitationCodeSchema = singleLineText({ error: INVITATION_CODE_REQUIRED_TEXT })
  .max(INVITATION_CODE_INPUT_MAX, INVITATION_CODE_MALFORMED_TEXT)
  .transform(normalizeInvitationCode)
  .refine((code) => code.length > 0, INVITATION_CODE_REQUIRED_TEXT)
  .refine(isInvitationCode, INVITATION_CODE_MALFORMED_TEXT);

export const invitationCodeParamsSchema = z.object({ code: invitationCodeSchema });

/** One place of a clinic (a department with an address), as a patient sees it. */
export const clinicLocationSchema = z.object({
  name: z.string(),
  /** The street address as printed, when the clinic gave one. */
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type ClinicLocation = z.infer<typeof clinicLocationSchema>;

/** A clinic the signed-in patient is connected to (clinic_patients). */
export const patientClinicSchema = z.object({
  clinicUuid: z.uuid(),
  name: z.string(),
  /** A logo URL from the clinic's branding, if it has one. */
  logo: z.string().nullable(),
  /** When the patient was registered at the clinic. */
  connectedAt: z.iso.datetime(),
  locations: z.array(clinicLocationSchema),
  /** The clinic has a department open for booking and a provider who takes bookings. */
  bookable: z.boolean(),
});
export type PatientClinic = z.infer<typeof patientClinicSchema>;

/** GET /api/user/clinics */
export const patientClinicListSchema = z.object({ clinics: z.array(patientClinicSchema) });
export type PatientClinicList = z.infer<typeof patientClinicListSchema>;

/**
 * GET /api/user/clinic-invitations/:code — whom the code connects to, shown before the patient
 * confirms (connecting lets that clinic's providers see the patient).
 */
export const invitationPreviewSchema = z.object({
  /** The code as stored (normalized). */
  code: z.string(),
  clinicName: z.string(),
  logo: z.string().nullable(),
  locations: z.array(clinicLocationSchema),
  /** The patient is connected to this clinic already (e.g. signed up through its link). */
  alreadyConnected: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/user/clinics */
export const connectClinicSchema = z.object({ code: invitationCodeSchema });
export type ConnectClinic = z.input<typeof connectClinicSchema>;

/** 201 when the patient was connected now, 200 with alreadyConnected when they were before. */
export const connectClinicResponseSchema = z.object({
  clinic: patientClinicSchema,
  alreadyConnected: z.boolean(),
});
export type ConnectClinicResponse = z.infer<typeof connectClinicResponseSchema>;

// The clinic's side: its codes (permission SETTING, like the master password reset).

/** Decision 0035: how many live codes one clinic may hold; more is a sign of a script, not a clinic. */
export const CLINIC_INVITATIONS_ACTIVE_MAX = 20;
export const INVITATION_EXPIRY_DAYS_MAX = 365;
export const CLINIC_INVITATIONS_LIMIT_TEXT = `A clinic can have at most ${CLINIC_INVITATIONS_ACTIVE_MAX} active invitation codes. Please withdraw one first.`;
export const INVITATION_NOT_FOUND_TEXT = 'Invitation code not found.';

export const INVITATION_STATUSES = ['active', 'expired', 'revoked'] as const;

export const clinicInvitationSchema = z.object({
  code: z.string(),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  /** Path of the invitation link (`/user/provider/connect?code=…`), to put behind the portal's address. */
  connectPath: z.string(),
  /** Path of a sign-up link for new patients, which registers them here and opens the connect screen. */
  signUpPath: z.string(),
});
export type ClinicInvitation = z.infer<typeof clinicInvitationSchema>;

/** GET /api/provider/clinics/:clinicId/invitations, newest first. */
export const clinicInvitationListSchema = z.object({ invitations: z.array(clinicInvitationSchema) });

/** POST /api/provider/clinics/:clinicId/invitations; without expiresInDays the code lives until revoked. */
export const createClinicInvitationSchema = z
  .object({
    expiresInDays: z
      .number({ error: 'expiresInDays must be a number of days' })
      .int('expiresInDays must be a whole number of days')
      .min(1, 'An invitation must be valid for at least 1 day')
      .max(
        INVITATION_EXPIRY_DAYS_MAX,
        `An invitation can be valid for at most ${INVITATION_EXPIRY_DAYS_MAX} days`,
      )
      .optional(),
  })
  .strict();

export const clinicInvitationParamsSchema = z.object({ clinicId: z.uuid(), code: invitationCodeSchema });
