// Messaging limits and the SMS placeholder rules as plain data (no zod), so the web app's shell and
// screens can read them without loading the schema library (decision 0006). Schemas: ./messaging.ts.

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 5000;
/** Ten SMS segments: a longer text is an email, not a text message. */
export const SMS_BODY_MAX = 1600;
export const SMS_TEMPLATE_NAME_MAX = 100;
/** A thread has one patient at most (patients never see each other) and a few providers. */
export const THREAD_PROVIDERS_MAX = 20;
export const BULK_RECIPIENTS_MAX = 500;
/** Messages in one page of a thread (decision 0069): the newest page first, then earlier ones. */
export const THREAD_PAGE_SIZE = 30;
/** spec 3 §9: unread messages count refreshed every 30 minutes (the fallback of realtime hints). */
export const UNREAD_COUNT_POLL_MS = 30 * 60_000;

/** Placeholders an SMS text may hold; each is filled in per recipient on send (decision 0026). */
export const SMS_PLACEHOLDERS = ['firstName', 'lastName', 'clinicName'] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];
export type SmsPlaceholderValues = Record<SmsPlaceholder, string>;

const PLACEHOLDER_PATTERN = /\{([^{}\s]*)\}/g;

/** Placeholders named in a text that are not ours (a typo would reach the patient verbatim). */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !(SMS_PLACEHOLDERS as readonly string[]).includes(name)))];
}

/** The text one recipient receives: every {placeholder} replaced by their value. */
export function renderSmsText(text: string, values: SmsPlaceholderValues): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    (SMS_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as SmsPlaceholder] : whole,
  );
}

export const UNKNOWN_PLACEHOLDER_TEXT = 'Unknown placeholder. Use {firstName}, {lastName} or {clinicName}.';

/** Realtime event types of this domain, on realtimeTopic.user of each recipient (BRIEF-dots). */
export const MESSAGE_CREATED_EVENT = 'message.created';
export const COUNTS_CHANGED_EVENT = 'counts.changed';

/** A cursor the server did not make, or one altered on the way (decision 0069). */
export const INVALID_CURSOR_TEXT =
  'This link to earlier messages is not valid. Open the conversation again to load them.';
