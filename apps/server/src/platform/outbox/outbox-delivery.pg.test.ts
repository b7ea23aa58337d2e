import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { processOutboxBatch } from './outbox-delivery.ts';
import { enqueueMessage } from './outbox.ts';
import { captureLogger, recordingAdapter } from './outbox-test-helpers.ts';

// Needs PostgreSQL (TEST_DATABASE_URL; vitest.config.ts runs *.pg.test.ts only then): PGlite has one
// connection, so two transactions never overlap there; on a server they do.
describe('outbox delivery on PostgreSQL', () => {
  let t: TestApp;
  const { log } = captureLogger();

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('skips rows another transaction holds locked (PostgreSQL)', async () => {
    await enqueueMessage(
      t.context.db,
      {
        channel: 'email',
        recipient: 'locked@example.com',
        body: 'a',
        purpose: 'test',
      },
      t.context.now(),
    );
    await enqueueMessage(
      t.context.db,
      {
        channel: 'email',
        recipient: 'free@example.com',
        body: 'b',
        purpose: 'test',
      },
      t.context.now(),
    );
    let release: () => void = () => undefined;
    let signalTaken: () => void = () => undefined;
    const taken = new Promise<void>((resolve) => {
      signalTaken = resolve;
    });
    const holder = t.context.db.transaction(async (tx) => {
      await tx
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'locked@example.com'))
        .for('update');
      signalTaken();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await taken;
    const adapter = recordingAdapter();
    const result = await processOutboxBatch({
      db: t.context.db,
      adapters: { email: adapter, sms: adapter },
      now: t.context.now,
      log,
    });
    release();
    await holder;
    expect(result.claimed).toBe(1);
    expect(adapter.delivered.map((m) => m.recipient)).toEqual(['free@example.com']);
  });
});
