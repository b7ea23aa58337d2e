import { EXPIRED_ACCESS_TOKEN_TEXT, GENERIC_ERROR_TEXT } from '@app/contracts/errors';

// spec 1 §8, error banner: the server's messages from message, error, error_description, title and
// detail (skipping 'invalid_grant'), a list or a single error; 500 -> the generic text; otherwise the
// response's own message; hidden for the expired-token message and for the excluded request URLs.

/** The fields read from each error object, in this order (spec 1 §8). */
export const MESSAGE_FIELDS = ['message', 'error', 'error_description', 'title', 'detail'] as const;
/** An OAuth error code, not a sentence (spec 1 §8). */
const SKIPPED_VALUES = new Set(['invalid_grant']);

/**
 * spec 1 §8: requests whose URL matches one of these never show the banner; their screens show the
 * error in place. The spec names the topics, not the paths, so each is a pattern over the path.
 */
export const BANNER_EXCLUDED_URL_PATTERNS: readonly { topic: string; pattern: RegExp }[] = [
  { topic: 'password', pattern: /password/i },
  { topic: 'username', pattern: /username/i },
  { topic: 'security-question', pattern: /security-question|security\/question/i },
  { topic: 'user-exist', pattern: /user-exist|users?\/exist/i },
  { topic: 'translations', pattern: /translations/i },
  { topic: 'phone validation', pattern: /phone[-/]?valid|valid\w*[-/]phone|\/phones?\/check/i },
  { topic: 'zip-code', pattern: /zip-?code/i },
  { topic: 'user create', pattern: /\/public\/users\/?(\?|$)|users?\/create|sign-?up/i },
  { topic: 'calendar available days', pattern: /available-?days|calendar\/.*available/i },
  { topic: 'payment cards', pattern: /payment[-/]?cards?|\/cards?(\/|\?|$)/i },
  { topic: 'questionnaire', pattern: /questionnaire/i },
  { topic: 'check-in', pattern: /check-?in/i },
  { topic: 'time slots', pattern: /time-?slots?/i },
  { topic: 'activation code', pattern: /activation/i },
  { topic: 'export', pattern: /export/i },
];

export function isBannerExcludedUrl(url: string): boolean {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '');
  return BANNER_EXCLUDED_URL_PATTERNS.some(({ pattern }) => pattern.test(path));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first usable text of one error object. */
function messageOf(item: unknown): string | null {
  if (typeof item === 'string') {
    const text = item.trim();
    return text && !SKIPPED_VALUES.has(text) ? text : null;
  }
  if (!isRecord(item)) {
    return null;
  }
  for (const field of MESSAGE_FIELDS) {
    const value = item[field];
    if (typeof value === 'string' && value.trim() && !SKIPPED_VALUES.has(value.trim())) {
      return value.trim();
    }
  }
  return null;
}

/** Every message of a response body: a list of errors, or one error with an optional errors list. */
export function extractMessages(body: unknown): string[] {
  const items: unknown[] = Array.isArray(body)
    ? body
    : isRecord(body)
      ? [body, ...(Array.isArray(body.errors) ? (body.errors as unknown[]) : [])]
      : [body];
  const messages = items.map(messageOf).filter((message): message is string => message !== null);
  return [...new Set(messages)];
}

export interface FailedRequest {
  /** HTTP status; 0 when the network failed. */
  status: number;
  url: string;
  body: unknown;
  /** The response's own message, used when nothing could be extracted. */
  fallbackMessage: string;
}

/** The texts the banner shows for a failed request, or null when the banner stays hidden. */
export function bannerMessages(failure: FailedRequest): string[] | null {
  if (isBannerExcludedUrl(failure.url)) {
    return null;
  }
  const messages = extractMessages(failure.body);
  if (messages.includes(EXPIRED_ACCESS_TOKEN_TEXT)) {
    return null;
  }
  if (failure.status === 500) {
    return [GENERIC_ERROR_TEXT];
  }
  if (messages.length > 0) {
    return messages;
  }
  const fallback = failure.fallbackMessage.trim();
  return [fallback || GENERIC_ERROR_TEXT];
}
