import { z } from 'zod';
import { singleLineText } from './text.ts';

// Issue 17 item 4 (decision 0043): the outbound dialer. spec 3 §2: "Providers with an ended video
// call end all voice calls; only providers update voice calls. Outbound-calling dialer is shown only
// when that clinic module is active."

export const VOICE_CALL_MODULE = 'OUTBOUND_CALLING' as const;
/** spec 3 §6: dialling uses the patient's contact details, which belong to the patient view. */
export const VOICE_CALL_PERMISSION = 'PATIENT' as const;
/** spec 3 §9 "Phone number suffix length 4": the dialled number is shown by its last four digits. */
export const PHONE_SUFFIX_LENGTH = 4;

export const VOICE_CALL_STATUSES = ['dialing', 'in-progress', 'ended', 'failed'] as const;
export const VOICE_CALL_END_REASONS = ['provider', 'video-ended', 'failed'] as const;

export const VOICE_CALL_TEXTS = {
  notConfigured:
    'Outbound calling is not set up on this server. Ask your administrator to configure the telephony provider.',
  providerFailed: 'The call could not be placed. Please try again.',
  noPhone: 'This patient has no phone number on file.',
  notPatientsNumber: "This number is not one of the patient's numbers.",
  patientNotFound: 'Patient not found.',
  appointmentNotFound: 'Appointment not found.',
  callNotFound: 'Call not found.',
  alreadyEnded: 'This call has already ended.',
  alreadyCalling: 'A call to this patient is already in progress.',
  visitEnded: 'The visit has ended.',
  onePurpose: 'Choose either a patient or an appointment to call.',
  noPermission: 'You do not have access to view patient details.',
} as const;

const uuid = (message: string) => z.uuid(message);

/**
 * Place a call: to a patient (the schedule's patient row) or for a video visit (the room's dialer).
 * The number always comes from the patient's record; `phone` only picks one of the patient's numbers.
 */
export const placeVoiceCallSchema = z
  .object({
    patientId: uuid('The patient id is not valid').optional(),
    appointmentId: uuid('The appointment id is not valid').optional(),
    phone: singleLineText().trim().min(1).max(32).optional(),
  })
  .strict()
  .refine((body) => (body.patientId === undefined) !== (body.appointmentId === undefined), {
    message: VOICE_CALL_TEXTS.onePurpose,
    path: ['patientId'],
  });
export type PlaceVoiceCall = z.input<typeof placeVoiceCallSchema>;

export const voiceCallParamsSchema = z.object({
  clinicId: z.uuid(),
  callId: uuid('The call id is not valid'),
});

export const voiceCallListQuerySchema = z
  .object({
    patientId: uuid('The patient id is not valid').optional(),
    appointmentId: uuid('The appointment id is not valid').optional(),
  })
  .refine((query) => (query.patientId === undefined) !== (query.appointmentId === undefined), {
    message: VOICE_CALL_TEXTS.onePurpose,
    path: ['patientId'],
  });

export const voiceCallSchema = z.object({
  id: z.string(),
  clinicId: z.string(),
  appointmentId: z.string().nullable(),
  patientId: z.string(),
  patientName: z.string(),
  /** Only the last digits of the number dialled (spec 3 §9). */
  phoneSuffix: z.string(),
  status: z.enum(VOICE_CALL_STATUSES),
  endedReason: z.enum(VOICE_CALL_END_REASONS).nullable(),
  /** ISO 8601. */
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type VoiceCall = z.infer<typeof voiceCallSchema>;

export const voiceCallListSchema = z.object({ calls: z.array(voiceCallSchema) });

/** The last `PHONE_SUFFIX_LENGTH` digits of a number. */
export function phoneSuffixOf(phone: string): string {
  return phone.replace(/\D/g, '').slice(-PHONE_SUFFIX_LENGTH);
}

export function isActiveVoiceCall(call: Pick<VoiceCall, 'status'>): boolean {
  return call.status === 'dialing' || call.status === 'in-progress';
}
