import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { parseEnv } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { processOutboxBatch } from '../outbox/outbox-delivery.ts';
import type { OutboxAdapter } from '../outbox/outbox-adapter.ts';
import { createTelephonyAdapter } from './create-telephony-adapter.ts';
import { OUTBOUND_CALL_PURPOSE } from './telephony-outbox-adapter.ts';

const log = { warn: () => undefined, info: () => undefined };

describe('the telephony adapter chosen by the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const make = (overrides: Record<string, string>) =>
    createTelephonyAdapter({
      env: { ...t.context.env, ...parseEnv({ NODE_ENV: 'test', ...overrides }) },
      db: t.context.db,
      now: t.context.now,
      log,
    });

  it('is the HTTP provider when configured, the outbox in development, none in production', () => {
    expect(
      make({ TELEPHONY_PROVIDER_URL: 'http://127.0.0.1:9/', TELEPHONY_CALLER_ID: '+12125550100' })?.name,
    ).toBe('telephony-http');
    expect(make({})?.name).toBe('outbox');
    expect(make({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toBeNull();
  });

  it('refuses a provider URL without a caller id, and a caller id that is not E.164', () => {
    expect(() => parseEnv({ TELEPHONY_PROVIDER_URL: 'http://127.0.0.1:9/' })).toThrow(/TELEPHONY_CALLER_ID/);
    expect(() =>
      parseEnv({ TELEPHONY_PROVIDER_URL: 'http://127.0.0.1:9/', TELEPHONY_CALLER_ID: '555-0100' }),
    ).toThrow(/E\.164/);
  });

  it("keeps a development call in the outbox as a 'voice' row the delivery worker never picks up", async () => {
    const adapter = make({});
    const placed = await adapter?.placeCall({ callId: 'c1', to: '+12125550147', note: 'Outbound call' });
    expect(placed?.status).toBe('in-progress');
    const [row] = await t.context.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, placed?.externalId ?? ''));
    expect(row).toMatchObject({ channel: 'voice', purpose: OUTBOUND_CALL_PURPOSE, status: 'sent' });
    // Even if such a row were pending, the worker only delivers email and SMS.
    await t.context.db
      .update(outboxMessages)
      .set({ status: 'pending' })
      .where(eq(outboxMessages.id, row?.id ?? ''));
    const delivered: string[] = [];
    const recorder: OutboxAdapter = {
      name: 'recorder',
      deliver: (message) => {
        delivered.push(message.id);
        return Promise.resolve();
      },
    };
    for (let batch = 0; batch < 5; batch += 1) {
      await processOutboxBatch({
        db: t.context.db,
        adapters: { email: recorder, sms: recorder },
        now: t.context.now,
        log: t.app.log,
      });
    }
    expect(delivered).not.toContain(row?.id);
  });
});
