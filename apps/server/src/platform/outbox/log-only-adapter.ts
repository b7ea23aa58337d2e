import type { FastifyBaseLogger } from 'fastify';
import type { OutboxAdapter } from './outbox-adapter.ts';
import { maskRecipient } from './mask-recipient.ts';

/**
 * Development delivery: nothing leaves the machine. The message counts as delivered and stays readable
 * in the dev outbox (GET /dev/outbox). The log line names the purpose and a masked recipient only —
 * never the body, which holds codes and health data.
 */
export function createLogOnlyAdapter(log: FastifyBaseLogger): OutboxAdapter {
  return {
    name: 'log-only',
    deliver: async (message) => {
      log.info(
        {
          outboxId: message.id,
          channel: message.channel,
          purpose: message.purpose,
          to: maskRecipient(message.recipient),
        },
        'outbox message kept locally (no gateway configured); read it at /dev/outbox',
      );
    },
  };
}
