import { z } from 'zod';

// spec 3 §2 Master password panel and Wait times panel, §3 Waiting time entry, §4, §5, §7.

/** GET /api/provider/clinics/:clinicId/master-password and POST .../master-password/refresh */
export const masterPasswordResponseSchema = z.object({
  /** Null when the clinic has none, or it was set before it was stored recoverably (decision 0027). */
  masterPassword: z.string().nullable(),
});
export type MasterPasswordResponse = z.infer<typeof masterPasswordResponseSchema>;

/** Decision 0027: a buffer of at most one day. */
export const BUFFER_TIME_MAX_SECONDS = 24 * 60 * 60;

/** spec 3 §3 Waiting time entry: id, departmentUuid, bufferTime (seconds); plus the department's name. */
export const waitingTimeEntrySchema = z.object({
  id: z.uuid(),
  departmentUuid: z.uuid(),
  departmentName: z.string(),
  bufferTime: z.number().int().min(0),
});
export type WaitingTimeEntry = z.infer<typeof waitingTimeEntrySchema>;

export const waitingTimeListQuerySchema = z.object({
  departmentUuid: z.uuid('departmentUuid is not valid').optional(),
});
export const waitingTimeListResponseSchema = z.array(waitingTimeEntrySchema);

export const waitingTimeParamsSchema = z.object({
  clinicId: z.uuid(),
  entryId: z.uuid('entry id is not valid'),
});

/** spec 3 §5: the buffer is entered in minutes and sent in seconds (minutes × 60). */
export const waitingTimeUpdateSchema = z.object({
  bufferTime: z
    .number({ error: 'Buffer must be a number of seconds' })
    .int('Buffer must be whole minutes')
    .min(0, 'Buffer can not be negative')
    .max(BUFFER_TIME_MAX_SECONDS, 'Buffer can be at most 1440 minutes')
    .refine((seconds) => seconds % 60 === 0, 'Buffer must be whole minutes'),
});
export type WaitingTimeUpdate = z.infer<typeof waitingTimeUpdateSchema>;

export const minutesToSeconds = (minutes: number): number => Math.round(minutes) * 60;
export const secondsToMinutes = (seconds: number): number => seconds / 60;
