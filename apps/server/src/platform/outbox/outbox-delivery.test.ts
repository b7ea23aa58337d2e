import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { DeliverableMessage, OutboxAdapter, OutboxAdapters } from './outbox-adapter.ts';
import { OUTBOX_CLAIM_LEASE_MS, outboxRetryDelayMs, processOutboxBatch } from './outbox-delivery.ts';
import { enqueueMessage } from './outbox.ts';
import { startOutboxWorker } from './outbox-worker.ts';
import { createLogOnlyAdapter } from './log-only-adapter.ts';
import { createOutboxAdapters } from './create-outbox-adapters.ts';
import { maskRecipient } from './mask-recipient.ts';
import { parseEnv } from '../../env.ts';
import { captureLogger, recordingAdapter } from './outbox-test-helpers.ts';

describe('outbox delivery', () => {
  let t: TestApp;
  const { log } = captureLogger();

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.context.db.delete(outboxMessages);
  });

  async function rowOf(recipient: string) {
    const [row] = await t.context.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient));
    if (!row) {
      throw new Error('no row');
    }
    return row;
  }

  it('delivers due messages through the adapter of their channel and marks them sent', async () => {
    await enqueueMessage(
      t.context.db,
      {
        channel: 'email',
        recipient: 'a@example.com',
        subject: 'Hi',
        body: 'one',
        purpose: 'test',
      },
      t.context.now(),
    );
    await enqueueMessage(
      t.context.db,
      {
        channel: 'sms',
        recipient: '+15551230001',
        body: 'two',
        purpose: 'test',
      },
      t.context.now(),
    );
    const email = recordingAdapter();
    const sms = recordingAdapter();
    const result = await processOutboxBatch({
      db: t.context.db,
      adapters: { email, sms },
      now: t.context.now,
      log,
    });
    expect(result).toEqual({ claimed: 2, sent: 2, retrying: 0, failed: 0 });
    expect(email.delivered.map((m) => m.body)).toEqual(['one']);
    expect(sms.delivered.map((m) => m.body)).toEqual(['two']);
    const row = await rowOf('a@example.com');
    expect(row.status).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    // Nothing is delivered twice.
    const again = await processOutboxBatch({
      db: t.context.db,
      adapters: { email, sms },
      now: t.context.now,
      log,
    });
    expect(again.claimed).toBe(0);
  });

  it('retries a failed delivery with backoff and gives up after the last attempt', async () => {
    await enqueueMessage(
      t.context.db,
      {
        channel: 'sms',
        recipient: '+15551230002',
        body: 'code 123456',
        purpose: 'test',
      },
      t.context.now(),
    );
    const failing = recordingAdapter(true);
    const adapters: OutboxAdapters = { email: failing, sms: failing };
    const captured = captureLogger();
    const run = () =>
      processOutboxBatch({
        db: t.context.db,
        adapters,
        now: t.context.now,
        log: captured.log,
        maxAttempts: 3,
      });

    expect(await run()).toMatchObject({ claimed: 1, retrying: 1 });
    let row = await rowOf('+15551230002');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'gateway refused +15551230002' });
    const delay = row.nextAttemptAt.getTime() - t.context.now().getTime();
    expect(delay).toBeGreaterThan(outboxRetryDelayMs(1) - 5_000);
    expect(delay).toBeLessThanOrEqual(outboxRetryDelayMs(1));

    // Not due yet: left alone.
    expect((await run()).claimed).toBe(0);
    t.advanceClock(outboxRetryDelayMs(1));
    expect(await run()).toMatchObject({ claimed: 1, retrying: 1 });
    t.advanceClock(outboxRetryDelayMs(2));
    expect(await run()).toMatchObject({ claimed: 1, failed: 1 });
    row = await rowOf('+15551230002');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    t.advanceClock(outboxRetryDelayMs(10));
    expect((await run()).claimed).toBe(0);

    // The log names the failure but neither the body nor the full number.
    expect(captured.text()).toContain('will retry');
    expect(captured.text()).not.toContain('123456');
    expect(captured.text()).not.toContain('5551230002');
  });

  it('doubles the retry delay up to a ceiling', () => {
    expect(outboxRetryDelayMs(1)).toBe(30_000);
    expect(outboxRetryDelayMs(2)).toBe(60_000);
    expect(outboxRetryDelayMs(3)).toBe(120_000);
    expect(outboxRetryDelayMs(20)).toBe(30 * 60_000);
  });

  it('lets concurrent workers share the work without delivering a message twice', async () => {
    for (let i = 0; i < 12; i += 1) {
      await enqueueMessage(
        t.context.db,
        {
          channel: 'email',
          recipient: `p${i}@example.com`,
          body: `m${i}`,
          purpose: 'test',
        },
        t.context.now(),
      );
    }
    const shared = recordingAdapter();
    const adapters = { email: shared, sms: shared };
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        processOutboxBatch({ db: t.context.db, adapters, now: t.context.now, log, batchSize: 5 }),
      ),
    );
    const claimed = results.reduce((sum, r) => sum + r.claimed, 0);
    expect(claimed).toBe(12);
    const bodies = shared.delivered.map((m) => m.body);
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(bodies).toHaveLength(12);
  });

  it('hides a claimed message from other workers for the lease, then makes it due again', async () => {
    await enqueueMessage(
      t.context.db,
      {
        channel: 'email',
        recipient: 'lease@example.com',
        body: 'x',
        purpose: 'test',
      },
      t.context.now(),
    );
    // A worker that dies mid-delivery: the claim happened, the outcome was never written.
    const hanging: OutboxAdapter = { name: 'hanging', deliver: () => new Promise(() => undefined) };
    void processOutboxBatch({
      db: t.context.db,
      adapters: { email: hanging, sms: hanging },
      now: t.context.now,
      log,
    });
    await expect.poll(async () => (await rowOf('lease@example.com')).attempts).toBe(1);

    const other = recordingAdapter();
    const run = () =>
      processOutboxBatch({
        db: t.context.db,
        adapters: { email: other, sms: other },
        now: t.context.now,
        log,
      });
    expect((await run()).claimed).toBe(0);
    t.advanceClock(OUTBOX_CLAIM_LEASE_MS);
    expect((await run()).sent).toBe(1);
    expect((await rowOf('lease@example.com')).attempts).toBe(2);
  });

  it('the worker polls, and stop() waits for the batch in flight', async () => {
    await enqueueMessage(
      t.context.db,
      {
        channel: 'email',
        recipient: 'worker@example.com',
        body: 'hello',
        purpose: 'test',
      },
      t.context.now(),
    );
    let release: () => void = () => undefined;
    let started = false;
    const slow: OutboxAdapter = {
      name: 'slow',
      deliver: async () => {
        started = true;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const worker = startOutboxWorker(t.context, log, {
      pollIntervalMs: 20,
      adapters: { email: slow, sms: slow },
    });
    await expect.poll(() => started).toBe(true);
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await rowOf('worker@example.com')).status).toBe('sent');
  });

  it('log-only delivery logs the purpose and a masked recipient, never the body', async () => {
    const captured = captureLogger();
    await createLogOnlyAdapter(captured.log).deliver({
      id: 'x',
      channel: 'email',
      recipient: 'jane.patient@example.com',
      subject: 'Your code',
      body: 'Your verification code is 654321',
      purpose: 'two-factor-code',
    });
    const text = captured.text();
    expect(text).toContain('two-factor-code');
    expect(text).toContain('j***@example.com');
    expect(text).not.toContain('654321');
    expect(text).not.toContain('jane.patient@');
    expect(text).not.toContain('Your code');
  });
});

describe('maskRecipient', () => {
  it('keeps the first letter and domain of an email, the last four digits of a phone', () => {
    expect(maskRecipient('jane@example.com')).toBe('j***@example.com');
    expect(maskRecipient('+1 (555) 123-4567')).toBe('***4567');
    expect(maskRecipient('12')).toBe('***');
  });
});

describe('createOutboxAdapters', () => {
  const { log } = captureLogger();
  const message: DeliverableMessage = {
    id: 'x',
    channel: 'sms',
    recipient: '+15551234567',
    subject: null,
    body: 'b',
    purpose: 'test',
  };

  const devEnv = parseEnv({ NODE_ENV: 'development' });

  it('uses log-only delivery outside production when no gateway is configured', () => {
    const adapters = createOutboxAdapters(devEnv, log);
    expect(adapters.email.name).toBe('log-only');
    expect(adapters.sms.name).toBe('log-only');
  });

  it('uses the configured gateways', () => {
    const adapters = createOutboxAdapters(
      { ...devEnv, SMTP_URL: 'smtp://127.0.0.1:2525', SMS_PROVIDER_URL: 'http://127.0.0.1:9/sms' },
      log,
    );
    expect(adapters.email.name).toBe('smtp');
    expect(adapters.sms.name).toBe('sms-http');
  });

  it('fails deliveries in production when no gateway is configured, instead of pretending', async () => {
    const adapters = createOutboxAdapters({ ...devEnv, NODE_ENV: 'production' }, log);
    await expect(adapters.sms.deliver(message)).rejects.toThrow('SMS_PROVIDER_URL');
    await expect(adapters.email.deliver({ ...message, channel: 'email' })).rejects.toThrow('SMTP_URL');
  });
});
