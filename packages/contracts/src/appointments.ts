import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';
import { addressSchema, isoOffsetSchema, mysqlDateSchema } from './scheduling.ts';

// spec 2 §3 Appointment and create payload, §4 cancel and booking, §6 cancel and waitlist rules,
// §7 appointment calls, §8 texts. Paths are ours (decision 0017).

export const APPOINTMENT_STATUSES = ['booked', 'confirmed', 'cancelled', 'completed'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

export const APPOINTMENT_TYPES = ['video_call', 'office'] as const;

/** spec 2 §3 Appointment, as the patient and the provider read it. Times are ISO with the department's offset. */
export const appointmentSchema = z.object({
  id: z.string(),
  appointmentId: z.string(),
  /** Public id for links that work without a login (public get by uuid). */
  uuid: z.string(),
  clinicUuid: z.string(),
  clinicName: z.string(),
  userId: z.string(),
  /** Our patient id is the patient's user id (decision 0017). */
  patientId: z.string(),
  patientName: z.string(),
  providerId: z.string(),
  departmentUuid: z.string(),
  departmentName: z.string(),
  consultationTypeId: z.string(),
  consultationTypeTitle: z.string(),
  consultationTypeMessage: z.string().nullable(),
  startAt: z.string(),
  finishAt: z.string(),
  timezone: z.string(),
  type: z.enum(APPOINTMENT_TYPES),
  status: appointmentStatusSchema,
  confirmedAt: z.string().nullable(),
  isCancellable: z.boolean(),
  canPatientCancel: z.boolean(),
  allowVideoCall: z.boolean(),
  hasNewVideoLayout: z.boolean(),
  isPreCheckIn: z.boolean(),
  isNewCheckIn: z.boolean(),
  isInWaitList: z.boolean(),
  /** Care manager: an office visit that may be converted to telehealth (spec 2 §6). */
  isConvertRequired: z.boolean(),
  doctorName: z.string(),
  doctorImage: z.string().nullable(),
  address: addressSchema.nullable(),
  attachments: z.array(z.object({ href: z.string(), fileName: z.string() })),
  appointmentComment: z.string().nullable(),
  externalId: z.string().nullable(),
  /** spec 2 §6: the server's half of the waitlist rule (module, type flag, patient source). */
  waitlist: z.object({ isAvailable: z.boolean() }),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentIdParamsSchema = z.object({ id: z.uuid('The appointment id is not valid') });
export const appointmentUuidParamsSchema = z.object({ uuid: z.uuid('The appointment link is not valid') });

/** GET /public/appointments/:uuid — what a link without a login may show. */
export const publicAppointmentSchema = z.object({
  uuid: z.string(),
  clinicName: z.string(),
  doctorName: z.string(),
  consultationTypeTitle: z.string(),
  startAt: z.string(),
  finishAt: z.string(),
  timezone: z.string(),
  type: z.enum(APPOINTMENT_TYPES),
  status: appointmentStatusSchema,
});

/** GET /api/appointments?startAt&finishAt (mysql dates, inclusive) [&userId for providers]. */
export const appointmentListQuerySchema = z
  .object({
    startAt: mysqlDateSchema,
    finishAt: mysqlDateSchema,
    userId: z.uuid('userId is not valid').optional(),
  })
  .refine((query) => query.startAt <= query.finishAt, {
    message: 'startAt must not be after finishAt',
    path: ['finishAt'],
  });
export const appointmentListResponseSchema = z.object({ appointments: z.array(appointmentSchema) });
export type AppointmentListResponse = z.infer<typeof appointmentListResponseSchema>;

/** The reason text is sent only when it is not blank after trimming (spec 2 §3). */
export const APPOINTMENT_TEXT_MAX = 2000;

/** POST /api/appointments — spec 2 §3 create payload; cancelAppointmentId makes it a reschedule. */
export const createAppointmentSchema = z.object({
  clinicUuid: z.uuid('clinicUuid is not valid'),
  departmentUuid: z.uuid('departmentUuid is not valid'),
  providerId: z.uuid('providerId is not valid'),
  consultationTypeId: z.uuid('consultationTypeId is not valid'),
  startAt: isoOffsetSchema,
  finishAt: isoOffsetSchema,
  externalId: singleLineText().max(200, 'externalId is too long').nullable().optional(),
  /** Always empty (spec 2 §3). */
  flexibleDayList: z.array(z.unknown()).max(0, 'flexibleDayList must be empty').default([]),
  /** Providers only: the patient booked for. */
  userId: z.uuid('userId is not valid').optional(),
  text: multiLineText()
    .trim()
    .min(1, 'The reason is empty')
    .max(APPOINTMENT_TEXT_MAX, 'The reason is too long')
    .optional(),
  /** Rescheduling: the appointment this one replaces, cancelled in the same transaction. */
  cancelAppointmentId: z.uuid('cancelAppointmentId is not valid').optional(),
});
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;
export const createAppointmentResponseSchema = z.object({ id: z.string() });

/** The spec 2 §5 reason rules, shared by the confirm screen and the server. */
export function reasonProblem(
  text: string,
  rules: { commentLength: number; isCommentRequired: boolean },
): 'required' | 'too-long' | null {
  const trimmed = text.trim();
  if (rules.isCommentRequired && trimmed.length === 0) {
    return 'required';
  }
  return text.length > rules.commentLength ? 'too-long' : null;
}

/** spec 2 §8 texts the server answers with. */
export const SLOT_TAKEN_TEXT = 'This time is no longer available. Please choose another time.';
export const SLOT_HELD_TEXT = 'Someone else is booking this time right now. Please choose another time.';
export const SLOT_OUTSIDE_SCHEDULE_TEXT = 'This time is not available for booking.';
export const CANNOT_CANCEL_TEXT =
  'This appointment can no longer be cancelled online. Please contact our office.';
export const APPOINTMENT_NOT_FOUND_TEXT = 'Appointment not found.';

/** POST /api/clinics/:clinicUuid/appointments/:id/waitlist (spec 2 §7 Add to waitlist). */
export const waitlistParamsSchema = z.object({
  clinicUuid: z.uuid('clinicUuid is not valid'),
  id: z.uuid('The appointment id is not valid'),
});
export const waitlistResponseSchema = z.object({ isInWaitList: z.boolean() });

/** POST /api/appointments/:id/convert-to-telehealth answers the converted appointment. */
export const CONVERT_CONFIRMATION_TEXT =
  'Are you sure you want to convert this appointment to a Telehealth call?';
