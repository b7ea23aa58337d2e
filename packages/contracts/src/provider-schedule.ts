import { z } from 'zod';
import { singleLineText, singleLineUrl } from './text.ts';
import { mysqlDateSchema } from './scheduling.ts';
import { videoCallStatusSchema } from './video-call.ts';

// spec 3 §2 Provider appointment schedule, Waiting room (telehealth) and DriveUp; §3 Provider appointment
// and Walk-in; §4 patient status, visit status, quick-link button (decision 0024).

/** spec 3 §4 Appointment patient status. */
export const PATIENT_STATUSES = ['in-office', 'outside', 'called-in', 'in-line'] as const;
export const patientStatusSchema = z.enum(PATIENT_STATUSES);
export type PatientStatus = z.infer<typeof patientStatusSchema>;

/** spec 3 §4 Appointment visit status. */
export const VISIT_STATUSES = ['arrived', 'check-in', 'check-out'] as const;
export const visitStatusSchema = z.enum(VISIT_STATUSES);
export type VisitStatus = z.infer<typeof visitStatusSchema>;

/** spec 3 §5 "Schedule date picker bounded by a min and max date" (decision 0024: one year each way). */
export const SCHEDULE_DAYS_BACK = 365;
export const SCHEDULE_DAYS_AHEAD = 365;
/** spec 3 §9: waiting-room counts every 15 seconds (the WebSocket is the first path). */
export const WAITING_ROOM_POLL_MS = 15_000;

export const SCHEDULE_SORTS = ['time', 'provider'] as const;

/** A comma-separated list of uuids in a query string (`departmentUuids=a,b`). */
const uuidListSchema = singleLineText()
  .max(4000)
  .transform((text) => text.split(',').filter((part) => part.length > 0))
  .pipe(z.array(z.uuid('Each id in the list must be a valid id.')).max(100));

const textListSchema = singleLineText()
  .max(4000)
  .transform((text) => text.split(',').filter((part) => part.length > 0))
  .pipe(z.array(singleLineText().max(200)).max(100));

/** Filters shared by the schedule and the waiting rooms (spec 3 §2 select-departments/-providers/-locations). */
export const workspaceFilterQuerySchema = z.object({
  departmentUuids: uuidListSchema.optional(),
  providerIds: uuidListSchema.optional(),
  locations: textListSchema.optional(),
});

export const scheduleQuerySchema = workspaceFilterQuerySchema.extend({
  date: mysqlDateSchema,
  sort: z.enum(SCHEDULE_SORTS, { error: 'Sort by time or provider.' }).default('time'),
});
export type ScheduleQuery = z.input<typeof scheduleQuerySchema>;

/** spec 3 §3 Provider appointment. */
export const providerAppointmentSchema = z.object({
  appointmentId: z.uuid(),
  /** iso8601 with the offset of the appointment's time zone. */
  appointmentStartAt: z.string(),
  appointmentFinishAt: z.string(),
  timezone: z.string(),
  type: z.enum(['video_call', 'office']),
  doctorId: z.uuid(),
  doctorName: z.string(),
  doctorTitle: z.string().nullable(),
  doctorImage: z.string().nullable(),
  departmentUuid: z.uuid(),
  departmentName: z.string(),
  locationName: z.string().nullable(),
  patientId: z.uuid(),
  patientName: z.string(),
  patientImage: z.string().nullable(),
  patientBirthdate: z.string().nullable(),
  appointmentTitle: z.string(),
  visitStatus: visitStatusSchema.nullable(),
  patientStatus: patientStatusSchema.nullable(),
  lastMarkedAsCalledInAt: z.string().nullable(),
  lastQuickLinkSentAt: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
  /** The appointment has check-in tasks (pre-check-in). */
  isPreCheckIn: z.boolean(),
  /** Some of those tasks are not done. */
  hasUndoneTasks: z.boolean(),
  isNewCheckIn: z.boolean(),
  hasAnsweredQuestionnaires: z.boolean(),
  hasSignedDocuments: z.boolean(),
  /** Dollars; null unless the clinic's TEXT_PAY module is on. */
  patientBalance: z.number().nullable(),
  clinicUuid: z.uuid(),
  consultationTypeId: z.uuid(),
  isInWaitList: z.boolean(),
  /** spec 2 §6: the waitlist is offered for this appointment (module, type, not today). */
  canJoinWaitList: z.boolean(),
  isCancellable: z.boolean(),
  allowVideoCall: z.boolean(),
  /** spec 3 §3 videoCallStatus: where the video visit's room is (issue 7); null for office visits. */
  videoCallStatus: videoCallStatusSchema,
});
export type ProviderAppointment = z.infer<typeof providerAppointmentSchema>;

export const scheduleResponseSchema = z.object({
  date: mysqlDateSchema,
  minDate: mysqlDateSchema,
  maxDate: mysqlDateSchema,
  appointments: z.array(providerAppointmentSchema),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const appointmentActionParamsSchema = z.object({
  clinicId: z.uuid(),
  appointmentId: z.uuid('The appointment id is not valid'),
});

/** The statuses a provider sets by hand; in-line belongs to walk-ins. */
export const patientStatusChangeSchema = z.object({
  patientStatus: z.enum(['in-office', 'outside', 'called-in'], {
    error: 'The patient status must be in-office, outside or called-in.',
  }),
});
export type PatientStatusChange = z.infer<typeof patientStatusChangeSchema>;

export const reminderResponseSchema = z.object({ reminderSentAt: z.string() });

/** spec 3 §3 Walk-in (in-line). */
export const walkInSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  birthdate: mysqlDateSchema.nullable(),
  departmentName: z.string(),
  /** Expected arrival (iso8601). */
  eta: z.string().nullable(),
});
export type WalkIn = z.infer<typeof walkInSchema>;

export const walkInParamsSchema = z.object({
  clinicId: z.uuid(),
  walkInId: z.uuid('The walk-in id is not valid'),
});

/** Tabs of the waiting rooms: today's appointments without a status wait in 'scheduled' (decision 0024). */
export const WAITING_ROOM_TABS = ['scheduled', 'outside', 'called-in', 'in-office', 'in-line'] as const;
export type WaitingRoomTab = (typeof WAITING_ROOM_TABS)[number];
export const WAITING_ROOM_KINDS = ['drive-up', 'telehealth'] as const;
export type WaitingRoomKind = (typeof WAITING_ROOM_KINDS)[number];

export const waitingRoomQuerySchema = workspaceFilterQuerySchema;

export const waitingRoomResponseSchema = z.object({
  date: mysqlDateSchema,
  appointments: z.array(providerAppointmentSchema),
  walkIns: z.array(walkInSchema),
  counts: z.object({
    scheduled: z.number().int(),
    outside: z.number().int(),
    'called-in': z.number().int(),
    'in-office': z.number().int(),
    'in-line': z.number().int(),
  }),
});
export type WaitingRoomResponse = z.infer<typeof waitingRoomResponseSchema>;

/** spec 3 §7 Provider one-time OAuth code for the provider admin site (ANALYTICS, ADMIN SETTINGS). */
export const ADMIN_CODE_TYPES = ['doctor-provider-admin', 'doctor-clinic-provider-admin'] as const;
export const providerAdminCodeSchema = z.object({
  type: z.enum(ADMIN_CODE_TYPES, { error: 'Unknown code type.' }),
  redirectTo: z.enum(['analytics', 'settings'], { error: 'redirectTo must be analytics or settings.' }),
  redirectUri: singleLineUrl('The redirect URI is not valid').max(2000).optional(),
  clinicUuid: z.uuid('The clinic id is not valid').optional(),
});
export type ProviderAdminCodeRequest = z.infer<typeof providerAdminCodeSchema>;
export const providerAdminCodeResponseSchema = z.object({
  auth_code: z.string(),
  request_url: z.string(),
});
export type ProviderAdminCodeResponse = z.infer<typeof providerAdminCodeResponseSchema>;
