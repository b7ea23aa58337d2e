/** One message as an adapter sees it: what to send and to whom, nothing about retries. */
export interface DeliverableMessage {
  id: string;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject: string | null;
  body: string;
  purpose: string;
}

/**
 * Delivers one channel's messages. `deliver` resolves once the gateway accepted the message and
 * throws otherwise; the worker turns a throw into a retry. Error messages end up in the outbox row's
 * lastError, so adapters never put the message body (codes, health data) into them.
 */
export interface OutboxAdapter {
  /** Shown in logs, e.g. 'smtp', 'sms-http', 'log-only'. */
  readonly name: string;
  deliver(message: DeliverableMessage): Promise<void>;
  close?(): Promise<void>;
}

/** Email and SMS always have an adapter; push has one when the worker runs with an app (decision 0044). */
export type OutboxAdapters = Record<'email' | 'sms', OutboxAdapter> & { push?: OutboxAdapter };
