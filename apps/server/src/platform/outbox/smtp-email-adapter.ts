import nodemailer from 'nodemailer';
import type { OutboxAdapter } from './outbox-adapter.ts';

/** Subjects for messages enqueued without one; an empty subject line looks like spam. */
const DEFAULT_SUBJECT = 'A message from your care portal';

/**
 * Email through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.org:465). Timeouts are
 * well inside the worker's claim lease, so a hanging server cannot make a message go out twice.
 */
export function createSmtpEmailAdapter(options: { smtpUrl: string; from: string }): OutboxAdapter {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    deliver: async (message) => {
      await transport.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject ?? DEFAULT_SUBJECT,
        text: message.body,
      });
    },
    close: async () => {
      transport.close();
    },
  };
}
