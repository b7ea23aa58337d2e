import { z } from 'zod';
import { singleLineText } from './text.ts';

// spec 3 §7 "Push notification actions exist for todo (Done/Skip), password (Ok/Reject) and message
// (View/Skip)" (issue 17 item 5, decision 0044). A notification with actions carries a short-lived,
// single-use action token; the service worker posts it with the chosen action, no login needed.

export const PUSH_ACTIONS_PATH = '/public/push/actions';

export const PUSH_KINDS = ['todo', 'password', 'message'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_ACTION_IDS = ['done', 'skip', 'ok', 'reject', 'view'] as const;
export type PushActionId = (typeof PUSH_ACTION_IDS)[number];

/** The buttons of each kind, in the order the notification shows them, with the spec's labels. */
export const PUSH_KIND_ACTIONS: Record<PushKind, readonly { action: PushActionId; title: string }[]> = {
  todo: [
    { action: 'done', title: 'Done' },
    { action: 'skip', title: 'Skip' },
  ],
  password: [
    { action: 'ok', title: 'Ok' },
    { action: 'reject', title: 'Reject' },
  ],
  message: [
    { action: 'view', title: 'View' },
    { action: 'skip', title: 'Skip' },
  ],
};

/** Tokens live as long as the push service keeps an undelivered notification (decision 0013). */
export const PUSH_ACTION_TOKEN_TTL_HOURS = 24;

export const PUSH_ACTION_INVALID_TEXT = 'This notification is no longer valid.';
export const PUSH_ACTION_NOT_ALLOWED_TEXT = 'This notification does not offer that action.';

/** What the notifications say: no health data on a lock screen (decision 0013). */
export const PUSH_TEXTS = {
  todo: { title: 'A task from your clinic' },
  password: {
    title: 'Password reset requested',
    body: 'Someone answered your security question to reset your password. Was it you?',
  },
  message: { title: 'New message', body: 'You have a new message from your clinic.' },
} as const;

export const pushActionRequestSchema = z
  .object({
    token: singleLineText({ error: 'token is required' }).regex(/^[\w-]{20,100}$/, PUSH_ACTION_INVALID_TEXT),
    action: z.enum(PUSH_ACTION_IDS, { error: PUSH_ACTION_NOT_ALLOWED_TEXT }),
  })
  .strict();
export type PushActionRequest = z.infer<typeof pushActionRequestSchema>;

export const pushActionResponseSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  action: z.enum(PUSH_ACTION_IDS),
  /** A path of this app to open (View), or null when the action is complete without one. */
  url: z.string().startsWith('/').nullable(),
});
export type PushActionResponse = z.infer<typeof pushActionResponseSchema>;
