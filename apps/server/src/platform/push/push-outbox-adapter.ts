import type { FastifyBaseLogger } from 'fastify';
import { pushPayloadSchema } from '@app/contracts/devices';
import type { AppContext } from '../../app-context.ts';
import type { OutboxAdapter } from '../outbox/outbox-adapter.ts';
import { pushNotifierOf, type PushNotifier } from './push-notifications.ts';

/**
 * The outbox's 'push' channel (decision 0044): the row's recipient is the user id, its body the JSON
 * payload. Delivery goes through the Web Push notifier to every browser the person subscribed. A person
 * with no subscribed browser (or a server with push off) is not an error: the row is kept as sent, so
 * the dev outbox shows what would have been pushed, with its buttons. Only when every subscription
 * failed is the delivery retried.
 */
export function createPushOutboxAdapter(
  context: AppContext,
  log: FastifyBaseLogger,
  notifier: () => Promise<PushNotifier> = () => pushNotifierOf(context),
): OutboxAdapter {
  return {
    name: 'web-push',
    deliver: async (message) => {
      let body: unknown;
      try {
        body = JSON.parse(message.body);
      } catch {
        // JSON.parse's own message quotes the text, which holds the action token.
        body = null;
      }
      const parsed = pushPayloadSchema.safeParse(body);
      if (!parsed.success) {
        throw new Error('The push payload is not valid.');
      }
      const result = await (await notifier()).sendToUser(message.recipient, parsed.data);
      if (result.failed > 0 && result.delivered === 0) {
        throw new Error(`No push service accepted the notification (${result.failed} failed).`);
      }
      if (result.delivered === 0) {
        log.info(
          { outboxId: message.id, purpose: message.purpose },
          'push kept locally (no subscribed browser); read it at /dev/outbox',
        );
      }
    },
  };
}
