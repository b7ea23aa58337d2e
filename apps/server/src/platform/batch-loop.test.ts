import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { startBatchLoop } from './batch-loop.ts';

// The loop behind the outbox worker and the audit sealer: one batch at a time, a full batch followed at
// once by the next, a failing batch logged and the loop going on, stop waiting for the batch in flight.
describe('startBatchLoop', () => {
  const log = () =>
    ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

  it('goes on at once after a full batch and waits the interval after a short one', async () => {
    vi.useFakeTimers();
    try {
      const sizes = [10, 10, 3, 0];
      const started: number[] = [];
      const loop = startBatchLoop({
        runBatch: () => {
          started.push(Date.now());
          return Promise.resolve(sizes.shift() ?? 0);
        },
        batchSize: 10,
        intervalMs: 1000,
        firstDelayMs: 0,
        log: log(),
        failureMessage: 'failed',
      });
      // Three batches within a few ms: the two full ones are each followed at once.
      await vi.advanceTimersByTimeAsync(10);
      expect(started).toHaveLength(3);
      // The third was short (3 of 10): the fourth waits the interval.
      await vi.advanceTimersByTimeAsync(980);
      expect(started).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(20);
      expect(started).toHaveLength(4);
      await loop.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a batch that throws and runs the next one', async () => {
    vi.useFakeTimers();
    try {
      const logger = log();
      let calls = 0;
      const loop = startBatchLoop({
        runBatch: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('database hiccup')) : Promise.resolve(0);
        },
        batchSize: 10,
        intervalMs: 100,
        firstDelayMs: 0,
        log: logger,
        failureMessage: 'worker: a batch failed',
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(logger.error).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        'worker: a batch failed',
      );
      await vi.advanceTimersByTimeAsync(100);
      expect(calls).toBe(2);
      await loop.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops: waits for the batch in flight and starts no other', async () => {
    let finish: (handled: number) => void = () => undefined;
    let calls = 0;
    const loop = startBatchLoop({
      runBatch: () => {
        calls += 1;
        return new Promise<number>((resolve) => {
          finish = resolve;
        });
      },
      batchSize: 1,
      intervalMs: 5,
      firstDelayMs: 0,
      log: log(),
      failureMessage: 'failed',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(1);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    finish(1);
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(1);
  });
});
