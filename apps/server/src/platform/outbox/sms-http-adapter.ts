import type { OutboxAdapter } from './outbox-adapter.ts';

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * SMS through a generic HTTP gateway (SMS_PROVIDER_URL). The contract is deliberately small so that
 * any provider can be fronted by it, or a tiny relay can translate it to a vendor's API:
 *
 *   POST <SMS_PROVIDER_URL>
 *   Authorization: Bearer <SMS_PROVIDER_TOKEN>     (only when the token is set)
 *   Content-Type: application/json
 *   { "to": "+15551234567", "body": "Your code is 123456" }
 *
 * Any 2xx answer means accepted; anything else (or no answer within 15 s) is retried by the worker.
 * The provider's answer body is not read into errors because some gateways echo the message text.
 */
export function createSmsHttpAdapter(options: { url: string; token?: string | undefined }): OutboxAdapter {
  return {
    name: 'sms-http',
    deliver: async (message) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) {
        headers.authorization = `Bearer ${options.token}`;
      }
      const response = await fetch(options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: message.recipient, body: message.body }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      // Drain the body so the connection can be reused; its content is deliberately ignored.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) {
        throw new Error(`SMS provider answered HTTP ${response.status}`);
      }
    },
  };
}
