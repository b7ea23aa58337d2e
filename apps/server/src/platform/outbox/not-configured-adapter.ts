import type { OutboxAdapter } from './outbox-adapter.ts';

/**
 * Production without a gateway for a channel: failing the delivery keeps the row honest (it ends
 * 'failed' with a reason after the retries) instead of pretending a two-factor code was sent.
 */
export function createNotConfiguredAdapter(variable: 'SMTP_URL' | 'SMS_PROVIDER_URL'): OutboxAdapter {
  return {
    name: 'not-configured',
    deliver: async () => {
      throw new Error(`No gateway configured for this channel (set ${variable}).`);
    },
  };
}
