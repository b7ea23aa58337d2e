import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { startBatchLoop } from '../batch-loop.ts';
import type { OutboxAdapters } from './outbox-adapter.ts';
import { createOutboxAdapters } from './create-outbox-adapters.ts';
import { OUTBOX_BATCH_SIZE, processOutboxBatch } from './outbox-delivery.ts';
import { createPushOutboxAdapter } from '../push/push-outbox-adapter.ts';

export interface OutboxWorker {
  /** Stops polling and resolves once the batch in flight (if any) has been delivered and recorded. */
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  /** Defaults to OUTBOX_POLL_INTERVAL_MS. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Defaults to the adapters the environment configures. */
  adapters?: OutboxAdapters;
}

/**
 * Delivers the outbox in the background. Every server instance runs one; claiming with SKIP LOCKED
 * and a lease (outbox-delivery.ts) keeps several instances from sending a message twice.
 */
export function startOutboxWorker(
  context: AppContext,
  log: FastifyBaseLogger,
  options: OutboxWorkerOptions = {},
): OutboxWorker {
  const adapters = options.adapters ?? {
    ...createOutboxAdapters(context.env, log),
    push: createPushOutboxAdapter(context, log),
  };
  const pollIntervalMs = options.pollIntervalMs ?? context.env.OUTBOX_POLL_INTERVAL_MS;
  const batchSize = options.batchSize ?? OUTBOX_BATCH_SIZE;
  const loop = startBatchLoop({
    runBatch: async () =>
      (await processOutboxBatch({ db: context.db, adapters, now: context.now, log, batchSize })).claimed,
    batchSize,
    intervalMs: pollIntervalMs,
    firstDelayMs: 0,
    log,
    // The next poll tries again.
    failureMessage: 'outbox worker: a batch could not be processed',
  });

  return {
    stop: async () => {
      await loop.stop();
      await Promise.all(Object.values(adapters).map(async (adapter) => adapter.close?.()));
    },
  };
}
