import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import type { OutboxAdapters } from './outbox-adapter.ts';
import { createLogOnlyAdapter } from './log-only-adapter.ts';
import { createNotConfiguredAdapter } from './not-configured-adapter.ts';
import { createSmsHttpAdapter } from './sms-http-adapter.ts';
import { createSmtpEmailAdapter } from './smtp-email-adapter.ts';

/**
 * One adapter per channel from the environment: a real gateway when configured; otherwise log-only
 * outside production (the dev outbox shows the message) and a failing adapter in production, where
 * silently dropping a two-factor code would be worse than an error.
 */
export function createOutboxAdapters(env: Env, log: FastifyBaseLogger): OutboxAdapters {
  const production = env.NODE_ENV === 'production';
  const fallback = (variable: 'SMTP_URL' | 'SMS_PROVIDER_URL') => {
    if (production) {
      log.warn(`${variable} is not set: messages on this channel cannot be delivered`);
      return createNotConfiguredAdapter(variable);
    }
    return createLogOnlyAdapter(log);
  };
  return {
    email: env.SMTP_URL
      ? createSmtpEmailAdapter({ smtpUrl: env.SMTP_URL, from: env.SMTP_FROM })
      : fallback('SMTP_URL'),
    sms: env.SMS_PROVIDER_URL
      ? createSmsHttpAdapter({ url: env.SMS_PROVIDER_URL, token: env.SMS_PROVIDER_TOKEN })
      : fallback('SMS_PROVIDER_URL'),
  };
}
