import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms' | 'push';
  /** An email address, an E.164/10-digit phone number, or (push) the user id. */
  recipient: string;
  subject?: string;
  body: string;
  /** What the message is for, e.g. 'two-factor-code'. Never the content itself. */
  purpose: string;
}

/**
 * Every email and SMS goes through here: written in the caller's transaction (pass `tx`), delivered
 * later by the outbox worker, so a failing gateway never loses or duplicates a message.
 * `now` is the application's clock (context.now): the worker compares due times with that clock, so
 * the row must not take the database server's own `now()`, which may run a little ahead.
 */
export async function enqueueMessage(db: Db, message: OutgoingMessage, now: Date): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      createdAt: now,
      nextAttemptAt: now,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      purpose: message.purpose,
    })
    .returning({ id: outboxMessages.id });
  if (!row) {
    throw new Error('outbox message was not stored');
  }
  // The id lets a sender follow its message's delivery state (bulk messaging, decision 0026).
  return row.id;
}
