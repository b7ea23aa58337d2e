import type * as Nodemailer from 'nodemailer';

// Imported when first used (decision 0078): nodemailer is needed only with SMTP_URL, and then only
// when the outbox worker delivers its first email.
let loading: Promise<typeof Nodemailer> | undefined;

export function loadNodemailer(): Promise<typeof Nodemailer> {
  loading ??= import('nodemailer');
  return loading;
}
