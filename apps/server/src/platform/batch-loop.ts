import type { FastifyBaseLogger } from 'fastify';

/** A background loop of batches (the outbox worker, the audit sealer). */
export interface BatchLoop {
  /** Stops the timer and waits for the batch in flight, if any. */
  stop(): Promise<void>;
}

export interface BatchLoopOptions {
  /** Does one batch and says how many items it handled. */
  runBatch: () => Promise<number>;
  /** A batch that handled this many is full: more are probably waiting, so the next one starts at once. */
  batchSize: number;
  /** The wait after a batch that was not full. */
  intervalMs: number;
  /** The wait before the first batch. */
  firstDelayMs: number;
  log: FastifyBaseLogger;
  /** Logged when a batch throws, e.g. 'outbox worker: a batch could not be processed'. */
  failureMessage: string;
}

/**
 * Runs `runBatch` one at a time: never two batches in parallel on one instance, a full batch followed
 * at once by the next, otherwise a pause of `intervalMs`. A batch that throws is logged and the loop
 * goes on: a database hiccup must not end it.
 */
export function startBatchLoop(options: BatchLoopOptions): BatchLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | null = null;

  const runSafely = async (): Promise<number> => {
    try {
      return await options.runBatch();
    } catch (error) {
      options.log.error({ err: error }, options.failureMessage);
      return 0;
    }
  };

  const schedule = (delayMs: number) => {
    if (stopped) {
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      inFlight = runSafely().then((handled) => {
        inFlight = null;
        schedule(handled >= options.batchSize ? 0 : options.intervalMs);
      });
    }, delayMs);
    // The loop alone must not keep a process alive (e.g. a script that only seeds).
    timer.unref();
  };
  schedule(options.firstDelayMs);

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
    },
  };
}
