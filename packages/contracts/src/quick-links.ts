import { z } from 'zod';
import { singleLineText } from './text.ts';
import { QUICK_LINK_TYPES, quickLinkTypeSchema } from './check-in.ts';

// spec 2 §2 Quick-link entry (decision 0019): single-use, expiring codes the server issues and sends
// through the outbox. The link opens /quick-link?type&oauthCode&userId&appointmentId&clinicUuid&taskId&threadId.

/** The web entry route of every quick link (a general route: it works signed in or not). */
export const QUICK_LINK_PATH = '/quick-link';

/** The link's query, as the web entry reads it. */
export const quickLinkParamsSchema = z.object({
  type: quickLinkTypeSchema,
  oauthCode: z.string().min(1).max(200),
  userId: z.uuid(),
  appointmentId: z.uuid().optional(),
  clinicUuid: z.uuid().optional(),
  taskId: z.uuid().optional(),
  threadId: z.string().max(200).optional(),
});
export type QuickLinkParams = z.infer<typeof quickLinkParamsSchema>;

/** The link types a provider sends for an appointment (the schedule of issue 6 calls this). */
export const APPOINTMENT_QUICK_LINK_TYPES = ['check-in', 'outside', 'confirm'] as const;
export const sendAppointmentQuickLinkSchema = z.object({
  type: z.enum(APPOINTMENT_QUICK_LINK_TYPES, { error: 'Unknown quick-link type.' }).default('check-in'),
});
export const appointmentQuickLinkParamsSchema = z.object({
  clinicUuid: z.uuid('The clinic id is not valid'),
  appointmentId: z.uuid('The appointment id is not valid'),
});
export const sentQuickLinkSchema = z.object({
  type: quickLinkTypeSchema,
  expiresAt: z.string(),
  /** The channels the link went to (email, sms). */
  channels: z.array(z.enum(['email', 'sms'])),
});
export type SentQuickLink = z.infer<typeof sentQuickLinkSchema>;

/** The quick_link grant of the token endpoint: the link's code and the user it names. */
export const quickLinkGrantFields = {
  code: singleLineText({ error: 'code is required' })
    .min(1, 'code is required')
    .max(200, 'code is not valid'),
  user_id: z.uuid('user_id is not valid'),
};

export const INVALID_QUICK_LINK_TEXT = 'This link is not valid or has expired.';

/** POST /dev/fixtures/quick-links (development only): issues and sends a link, answering it too. */
export const fixtureQuickLinkSchema = z.object({
  type: z.enum(QUICK_LINK_TYPES),
  userId: z.uuid(),
  clinicUuid: z.uuid(),
  appointmentId: z.uuid().optional(),
  taskId: z.uuid().optional(),
  threadId: singleLineText().max(200).optional(),
});
export const fixtureQuickLinkResponseSchema = z.object({ url: z.string(), code: z.string() });
