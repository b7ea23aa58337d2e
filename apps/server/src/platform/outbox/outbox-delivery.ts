import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import type { DeliverableMessage, OutboxAdapter, OutboxAdapters } from './outbox-adapter.ts';
import { maskRecipient } from './mask-recipient.ts';

/** Small batches keep one slow gateway from holding many messages behind it. */
export const OUTBOX_BATCH_SIZE = 10;
/** After this many failed attempts a message is marked failed and left for a person to look at. */
export const OUTBOX_MAX_ATTEMPTS = 6;
/**
 * A claimed message is hidden from every worker for this long while it is being delivered. It must
 * outlast the adapters' own time-outs (SMTP 30 s, SMS 15 s); if the process dies mid-delivery the
 * message becomes due again when the lease runs out (at-least-once delivery).
 */
export const OUTBOX_CLAIM_LEASE_MS = 2 * 60_000;
const LAST_ERROR_MAX_LENGTH = 500;
const DELIVERABLE_CHANNELS: DeliverableMessage['channel'][] = ['email', 'sms', 'push'];

function isDeliverable(channel: string): channel is DeliverableMessage['channel'] {
  return (DELIVERABLE_CHANNELS as string[]).includes(channel);
}

const MISSING_ADAPTER: OutboxAdapter = {
  name: 'missing',
  deliver: async () => {
    throw new Error('No adapter for this channel.');
  },
};

/** 30 s, 1 min, 2 min, 4 min, ... capped at 30 min. `attempts` counts the one that just failed. */
export function outboxRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

export interface ClaimedMessage extends DeliverableMessage {
  /** Attempts including the current one. */
  attempts: number;
}

/**
 * Claims up to `limit` due messages for this worker. The rows are locked with FOR UPDATE SKIP LOCKED
 * (so concurrent workers on other instances take different rows) and leased by moving nextAttemptAt
 * past the delivery time-outs, all in one short transaction. Delivery then happens outside any
 * transaction: PGlite has a single connection, and a transaction held across an SMTP call would stall
 * every request of the server.
 */
export async function claimOutboxBatch(db: Db, now: Date, limit: number): Promise<ClaimedMessage[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: outboxMessages.id,
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
        subject: outboxMessages.subject,
        body: outboxMessages.body,
        purpose: outboxMessages.purpose,
        attempts: outboxMessages.attempts,
      })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.status, 'pending'),
          lte(outboxMessages.nextAttemptAt, now),
          // 'voice' rows are the dialer's local record (decision 0043), never something to deliver;
          // 'push' rows go through the push adapter (decision 0044).
          inArray(outboxMessages.channel, DELIVERABLE_CHANNELS),
        ),
      )
      .orderBy(asc(outboxMessages.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) {
      return [];
    }
    await tx
      .update(outboxMessages)
      .set({
        attempts: sql`${outboxMessages.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + OUTBOX_CLAIM_LEASE_MS),
      })
      .where(
        inArray(
          outboxMessages.id,
          rows.map((row) => row.id),
        ),
      );
    return rows.flatMap((row) =>
      isDeliverable(row.channel) ? [{ ...row, channel: row.channel, attempts: row.attempts + 1 }] : [],
    );
  });
}

export interface OutboxBatchDeps {
  db: Db;
  adapters: OutboxAdapters;
  now: () => Date;
  log: FastifyBaseLogger;
  batchSize?: number;
  maxAttempts?: number;
}

export interface OutboxBatchResult {
  claimed: number;
  sent: number;
  /** Failed this time, scheduled again. */
  retrying: number;
  /** Failed for the last allowed time, now status failed. */
  failed: number;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, LAST_ERROR_MAX_LENGTH);
}

/** Claims one batch, delivers each message through its channel's adapter and records the outcome. */
export async function processOutboxBatch(deps: OutboxBatchDeps): Promise<OutboxBatchResult> {
  const { db, adapters, now, log } = deps;
  const maxAttempts = deps.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const claimed = await claimOutboxBatch(db, now(), deps.batchSize ?? OUTBOX_BATCH_SIZE);
  const result: OutboxBatchResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };

  await Promise.all(
    claimed.map(async (message) => {
      const adapter = adapters[message.channel] ?? MISSING_ADAPTER;
      try {
        await adapter.deliver(message);
      } catch (error) {
        const reason = describeError(error);
        const giveUp = message.attempts >= maxAttempts;
        await db
          .update(outboxMessages)
          .set(
            giveUp
              ? { status: 'failed', lastError: reason }
              : {
                  lastError: reason,
                  nextAttemptAt: new Date(now().getTime() + outboxRetryDelayMs(message.attempts)),
                },
          )
          .where(eq(outboxMessages.id, message.id));
        // Gateways quote the address in their errors; the log gets the masked form only.
        const masked = maskRecipient(message.recipient);
        log.warn(
          {
            outboxId: message.id,
            channel: message.channel,
            purpose: message.purpose,
            to: masked,
            adapter: adapter.name,
            attempts: message.attempts,
            reason: reason.replaceAll(message.recipient, masked),
          },
          giveUp ? 'outbox message failed for good' : 'outbox delivery failed; will retry',
        );
        if (giveUp) {
          result.failed += 1;
        } else {
          result.retrying += 1;
        }
        return;
      }
      await db
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: now(), lastError: null })
        .where(eq(outboxMessages.id, message.id));
      result.sent += 1;
    }),
  );
  return result;
}
