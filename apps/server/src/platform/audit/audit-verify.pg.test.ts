import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { recordAuditEvents, recordAuditEventsAlone } from './audit-recorder.ts';
import { sealAllAuditEvents, sealAuditEvents, sealInTransaction } from './audit-sealer.ts';
import { verifyAuditChain } from './audit-verify.ts';
import { event, rowsWith } from './audit-test-helpers.ts';

// Decision 0077, the cases only PostgreSQL can show: transactions that overlap (PGlite has one
// connection) and a sealer's connection that dies. vitest.config.ts runs *.pg.test.ts only when
// TEST_DATABASE_URL is set.

async function rowsOfQuery<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe('audit chain on PostgreSQL: open transactions and a lost sealer (decision 0077)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a change commit while another one that appended is still open, and seals that one once it commits', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let appended = () => {};
    const hasAppended = new Promise<void>((resolve) => {
      appended = resolve;
    });
    const slow = t.context.db.transaction(async (tx) => {
      await recordAuditEvents(tx, [event('open-slow')], t.context.now());
      appended();
      await held;
    });
    try {
      await hasAppended;
      // Under the old chain lock this second change waited for the first one's commit.
      await t.context.db.transaction(async (tx) => {
        await recordAuditEvents(tx, [event('open-fast')], t.context.now());
      });
      // The open change's row is not visible yet; the committed one is sealed without waiting for it.
      expect(await sealAuditEvents(t.context.db)).toEqual({ sealed: 1 });
      expect(
        (await rowsWith(t.context.db, 'open-')).map((row) => [row.resourceId, row.sealSeq !== null]),
      ).toEqual([['open-fast', true]]);
    } finally {
      release();
      await slow;
    }
    expect(await sealAuditEvents(t.context.db)).toEqual({ sealed: 1 });
    // The seal order is the commit order the sealer saw, not the id order.
    const [slowRow, fastRow] = await rowsWith(t.context.db, 'open-');
    expect((slowRow?.sealSeq ?? 0) > (fastRow?.sealSeq ?? 0)).toBe(true);
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 0 });
  });

  it('lets another sealer take over when the one holding the lock loses its connection', async () => {
    await recordAuditEventsAlone(t.context.db, [event('lost-1'), event('lost-2')], t.context.now());
    // The stuck sealer runs on a connection of its own, as another instance's would.
    const [database] = await rowsOfQuery<{ name: string }>(
      t.context.db,
      sql`select current_database() as "name"`,
    );
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${database?.name ?? ''}`;
    const other = new pg.Client({ connectionString: url.toString() });
    other.on('error', () => undefined);
    await other.connect();
    const otherDb = drizzle(other) as unknown as Db;
    let killed = () => {};
    const connectionKilled = new Promise<void>((resolve) => {
      killed = resolve;
    });
    let holding = (_pid: number) => {};
    const pidOfHolder = new Promise<number>((resolve) => {
      holding = resolve;
    });
    const stuck = otherDb.transaction(async (tx) => {
      expect(await sealInTransaction(tx, 1)).toEqual({ sealed: 1 });
      const [holder] = await rowsOfQuery<{ pid: number }>(tx, sql`select pg_backend_pid() as "pid"`);
      holding(holder?.pid ?? 0);
      await connectionKilled;
      await tx.execute(sql`select 1`);
    });
    const pid = await pidOfHolder;
    // Another instance's pass does not wait for the stuck one: it skips.
    expect(await sealAuditEvents(t.context.db)).toBe('busy');
    await t.context.db.execute(sql`select pg_terminate_backend(${pid})`);
    killed();
    await expect(stuck).rejects.toThrow();
    await other.end().catch(() => undefined);
    expect(await sealAllAuditEvents(t.context.db)).toBe(2);
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 0 });
  });
});
