import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | null = null;

  const runBatch = async (): Promise<number> => {
    try {
      const result = await processOutboxBatch({ db: context.db, adapters, now: context.now, log, batchSize });
      return result.claimed;
    } catch (error) {
      // A database hiccup must not end the worker; the next poll tries again.
      log.error({ err: error }, 'outbox worker: a batch could not be processed');
      return 0;
    }
  };

  const schedule = (delayMs: number) => {
    if (stopped) {
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      inFlight = runBatch().then((claimed) => {
        inFlight = null;
        // A full batch means more are probably due: go on at once instead of waiting a poll interval.
        schedule(claimed >= batchSize ? 0 : pollIntervalMs);
      });
    }, delayMs);
    // The worker alone must not keep a process alive (e.g. a script that only seeds).
    timer.unref();
  };

  schedule(0);

  return {
    stop: async () => {
      stopped = true;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      if (inFlight) {
        await inFlight;
      }
      await Promise.all(Object.values(adapters).map(async (adapter) => adapter.close?.()));
    },
  };
}
