import { Writable } from 'node:stream';
import pino from 'pino';
import type { DeliverableMessage, OutboxAdapter } from './outbox-adapter.ts';

// Shared by outbox-delivery.test.ts and outbox-delivery.pg.test.ts (the PostgreSQL-only case).

/** A logger whose output the test can read, to prove what never reaches the logs. */
export function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { log: pino({ level: 'info' }, stream), text: () => lines.join('') };
}

export function recordingAdapter(fail = false): OutboxAdapter & { delivered: DeliverableMessage[] } {
  const delivered: DeliverableMessage[] = [];
  return {
    name: 'recording',
    delivered,
    deliver: async (message) => {
      if (fail) {
        throw new Error(`gateway refused ${message.recipient}`);
      }
      delivered.push(message);
    },
  };
}
