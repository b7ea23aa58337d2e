import { z } from 'zod';
import { listCursorSchema } from './list-cursor.ts';
import { singleLineText } from './text.ts';

// The development outbox (ARCHITECTURE.md, Notifications): every email, SMS and call the server would send or place,
// readable without a real gateway. The route does not exist when NODE_ENV=production.

export const DEV_OUTBOX_PATH = '/dev/outbox';
/**
 * The page and the JSON list show this many messages, newest first; the next (older) ones are one
 * cursor away: a "Show earlier messages" link on the page, a `Link: <…>; rel="next"` header on the JSON
 * (decision 0076), which keeps the JSON a plain list for the tools and tests that read it.
 */
export const DEV_OUTBOX_LIMIT = 50;

export const devOutboxQuerySchema = z.object({
  /** An email address or a phone number in any common spelling: 5551234567, (555)123-4567, +15551234567. */
  to: singleLineText().trim().max(320).optional(),
  /** Forces the answer's format; otherwise `Accept: application/json` decides. */
  format: z.enum(['json', 'html']).optional(),
  /** The cursor of the older messages, exactly as the previous page's link gave it. */
  before: listCursorSchema(),
});
export type DevOutboxQuery = z.infer<typeof devOutboxQuerySchema>;

export const devOutboxMessageSchema = z.object({
  id: z.string(),
  /** 'push': a push notification (decision 0044); 'voice': an outbound call the dialer kept here instead of dialling (decision 0043). */
  channel: z.enum(['email', 'sms', 'push', 'voice']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  purpose: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;

export const devOutboxListSchema = z.array(devOutboxMessageSchema);
