import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../lib/api/api-error.ts';

const CODE_KEYS = {
  wrong_answer: 'recovery.error.wrongAnswer',
  recovery_expired: 'recovery.error.expired',
  channel_unavailable: 'recovery.error.channelUnavailable',
  sms_cap: 'recovery.error.smsCap',
  rate_limited: 'recovery.error.rateLimited',
  activation_invalid: 'recovery.activate.invalid',
} as const;

function bodyOf(error: unknown): { message?: unknown; code?: unknown; errors?: unknown } | null {
  return isApiRequestError(error) && typeof error.body === 'object' && error.body !== null
    ? error.body
    : null;
}

/** spec 1 §8: the channel, security-question and activation steps show a translated error. */
export function recoveryErrorText(error: unknown, t: TFunction): string {
  const code = bodyOf(error)?.code;
  if (typeof code === 'string' && code in CODE_KEYS) {
    return t(CODE_KEYS[code as keyof typeof CODE_KEYS]);
  }
  return serverErrorText(error, t);
}

/**
 * spec 1 §8 forgot-username lookup or send failure: the first errors detail, or all errors joined by
 * comma; the server's message otherwise.
 */
export function serverErrorText(error: unknown, t: TFunction): string {
  const body = bodyOf(error);
  if (body && Array.isArray(body.errors)) {
    const details = (body.errors as unknown[]).flatMap((item) =>
      typeof item === 'object' && item !== null && 'detail' in item && typeof item.detail === 'string'
        ? [item.detail]
        : [],
    );
    if (details.length) {
      return details.join(', ');
    }
  }
  if (body && typeof body.message === 'string' && body.message.trim()) {
    return body.message;
  }
  return t('recovery.error.generic');
}

/** spec 1 §6/§8: the 'email support' notice, with the support address the server names. */
export function noSecurityQuestionText(error: unknown, t: TFunction): string | null {
  const body = bodyOf(error);
  if (body?.code !== 'no_security_question' || typeof body.message !== 'string') {
    return null;
  }
  const email = /(\S+@\S+)$/.exec(body.message)?.[1];
  return email ? t('recovery.noSecurityQuestion', { email }) : body.message;
}
