import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { AppContext } from '../../app-context.ts';
import type { DeliverableMessage } from '../outbox/outbox-adapter.ts';
import type { PushNotifier, PushResult } from './push-notifications.ts';
import { createPushOutboxAdapter } from './push-outbox-adapter.ts';

// The outbox's push channel (decision 0044): what counts as delivered, what is retried.

const log = pino({ level: 'silent' });
const payload = {
  title: 'New message',
  body: 'You have a new message from your clinic.',
  url: '/user/message/1',
};

function message(body: string): DeliverableMessage {
  return {
    id: 'm1',
    channel: 'push',
    recipient: 'user-1',
    subject: 'New message',
    body,
    purpose: 'push-message',
  };
}

function adapterAnswering(result: PushResult, sent: { userId: string; title: string }[] = []) {
  const notifier: PushNotifier = {
    publicKey: 'key',
    sendToUser: async (userId, data) => {
      sent.push({ userId, title: data.title });
      return result;
    },
  };
  return createPushOutboxAdapter({} as AppContext, log, async () => notifier);
}

describe('push outbox adapter', () => {
  it('sends the payload to the recipient user through the notifier', async () => {
    const sent: { userId: string; title: string }[] = [];
    await adapterAnswering({ delivered: 1, gone: 0, failed: 1 }, sent).deliver(
      message(JSON.stringify(payload)),
    );
    expect(sent).toEqual([{ userId: 'user-1', title: 'New message' }]);
  });

  it('a person without a subscribed browser is not a failure (the dev outbox keeps the row)', async () => {
    await expect(
      adapterAnswering({ delivered: 0, gone: 0, failed: 0 }).deliver(message(JSON.stringify(payload))),
    ).resolves.toBeUndefined();
  });

  it('every subscription failing is retried; the error does not quote the payload', async () => {
    const failing = adapterAnswering({ delivered: 0, gone: 0, failed: 2 }).deliver(
      message(JSON.stringify(payload)),
    );
    await expect(failing).rejects.toThrow('No push service accepted the notification (2 failed).');
  });

  it('a body that is not a push payload is refused', async () => {
    const adapter = adapterAnswering({ delivered: 1, gone: 0, failed: 0 });
    await expect(adapter.deliver(message(JSON.stringify({ title: 5 })))).rejects.toThrow('not valid');
    await expect(adapter.deliver(message('not json'))).rejects.toThrow('The push payload is not valid.');
  });
});
