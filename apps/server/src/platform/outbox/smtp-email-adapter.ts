import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../lazy/nodemailer.ts';
import type { OutboxAdapter } from './outbox-adapter.ts';

/** Subjects for messages enqueued without one; an empty subject line looks like spam. */
const DEFAULT_SUBJECT = 'A message from your care portal';

/**
 * Email through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.org:465). Timeouts are
 * well inside the worker's claim lease, so a hanging server cannot make a message go out twice.
 */
export function createSmtpEmailAdapter(options: { smtpUrl: string; from: string }): OutboxAdapter {
  // Made on the first delivery, so a start does not load nodemailer (decision 0078).
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () => {
    transport ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      }),
    );
    return transport;
  };
  return {
    name: 'smtp',
    deliver: async (message) => {
      await (
        await transportOnce()
      ).sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject ?? DEFAULT_SUBJECT,
        text: message.body,
      });
    },
    close: async () => {
      (await transport)?.close();
    },
  };
}
