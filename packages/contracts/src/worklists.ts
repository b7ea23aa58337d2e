import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';

// spec 3 §2 provider routes news, flows (Worklist), follow-ups (Follow Up List) and
// patient-navigation (Tracker), decision 0027 for the models the spec leaves open.

/** Newsfeed item of the clinic. */
export const newsItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListResponseSchema = z.array(newsItemSchema);

/** Worklist (flows): work items, optionally about one patient of the clinic. */
export const FLOW_STATUSES = ['open', 'done'] as const;
export const flowStatusSchema = z.enum(FLOW_STATUSES);
export type FlowStatus = z.infer<typeof flowStatusSchema>;
export const flowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  status: flowStatusSchema,
  dueDate: z.string().nullable(),
  patientId: z.uuid().nullable(),
  patientName: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;
export const flowListResponseSchema = z.array(flowSchema);
export const flowListQuerySchema = z.object({ patientId: z.uuid('patientId is not valid').optional() });
export const FLOW_TITLE_MAX = 200;
export const FLOW_DESCRIPTION_MAX = 2000;
export const flowCreateSchema = z.object({
  title: singleLineText({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(FLOW_TITLE_MAX, `Title must be at most ${FLOW_TITLE_MAX} characters`),
  description: multiLineText()
    .trim()
    .max(FLOW_DESCRIPTION_MAX, `Description must be at most ${FLOW_DESCRIPTION_MAX} characters`)
    .default(''),
  dueDate: z.iso.date('Due date must be a date (YYYY-MM-DD)').nullable().default(null),
  patientId: z.uuid('patientId is not valid').nullable().default(null),
});
export type FlowCreate = z.input<typeof flowCreateSchema>;
export const flowParamsSchema = z.object({ clinicId: z.uuid(), flowId: z.uuid('flow id is not valid') });
export const flowUpdateSchema = z.object({ status: flowStatusSchema });

/** Follow Up List: remote-monitoring alerts (a vital out of its range), seen or new. */
export const followUpAlertSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  patientName: z.string(),
  message: z.string(),
  severity: z.enum(['info', 'warning', 'critical']),
  createdAt: z.string(),
  seenAt: z.string().nullable(),
});
export type FollowUpAlert = z.infer<typeof followUpAlertSchema>;
export const followUpListResponseSchema = z.array(followUpAlertSchema);
export const followUpParamsSchema = z.object({
  clinicId: z.uuid(),
  alertId: z.uuid('alert id is not valid'),
});
/** spec 3 §9: the new follow-up alert check runs every 30 minutes (realtime hints come sooner). */
export const FOLLOW_UP_ALERT_CHECK_MS = 30 * 60_000;

/** Tracker (patient navigation): each patient's stage on the clinic's care path. */
export const NAVIGATION_STAGES = [
  'referral',
  'intake',
  'diagnostics',
  'treatment',
  'follow-up',
  'completed',
] as const;
export const navigationStageSchema = z.enum(NAVIGATION_STAGES);
export type NavigationStage = z.infer<typeof navigationStageSchema>;
export const navigationEntrySchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  patientName: z.string(),
  stage: navigationStageSchema,
  note: z.string(),
  updatedAt: z.string(),
});
export type NavigationEntry = z.infer<typeof navigationEntrySchema>;
export const navigationListResponseSchema = z.array(navigationEntrySchema);
export const navigationParamsSchema = z.object({
  clinicId: z.uuid(),
  entryId: z.uuid('entry id is not valid'),
});
export const navigationUpdateSchema = z.object({
  stage: navigationStageSchema,
  note: multiLineText().trim().max(500, 'Note must be at most 500 characters').optional(),
});
