import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditChainHead, auditEvents } from '../../db/schema/audit.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { auditRowHash, GENESIS_HASH } from './audit-chain.ts';
import { recordAuditEvents, recordAuditEventsAlone } from './audit-recorder.ts';
import { sealAllAuditEvents, sealInTransaction, startAuditSealer } from './audit-sealer.ts';
import { event, rowsWith } from './audit-test-helpers.ts';
import { describeVerdict, parseHead, UNSEALED_ALARM_SECONDS, verifyAuditChain } from './audit-verify.ts';

// Issue 19 item 1, decision 0077: changes append their audit rows unsealed, in their own transaction,
// without a lock; the sealer chains the committed rows; audit:verify names the first row that was
// tampered with, a cut at the end, and rows no sealer reached. The tests tamper as the database
// superuser would: they switch the append-only trigger off for one statement (the tests' database
// user owns the table).

async function asSuperuser(db: Db, ...statements: ReturnType<typeof sql>[]) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
    await tx.execute(sql`alter table audit_chain_head disable trigger audit_chain_head_forward`);
    for (const statement of statements) {
      await tx.execute(statement);
    }
    await tx.execute(sql`alter table audit_chain_head enable trigger audit_chain_head_forward`);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
  });
}

async function unsealedCount(db: Db) {
  const [row] = await db.select({ value: count() }).from(auditEvents).where(isNull(auditEvents.hash));
  return row?.value ?? 0;
}

describe('audit chain: writers, sealer and audit:verify (issue 19, decision 0077)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps every committed change and no rolled-back one when many transactions write at once', async () => {
    const writers = Array.from({ length: 30 }, (_, index) => index);
    const outcomes = await Promise.allSettled(
      writers.map((index) =>
        t.context.db.transaction(async (tx) => {
          await recordAuditEvents(
            tx,
            [event(`many-${String(index)}-a`), event(`many-${String(index)}-b`)],
            t.context.now(),
          );
          if (index % 3 === 0) {
            throw new Error('this change fails after its audit rows were written');
          }
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(10);
    const written = await rowsWith(t.context.db, 'many-');
    const expected = writers
      .filter((index) => index % 3 !== 0)
      .flatMap((index) => [`many-${String(index)}-a`, `many-${String(index)}-b`]);
    expect(written.map((row) => row.resourceId).sort()).toEqual(expected.sort());
    // Written without hash: the change never waited for the chain.
    expect(written.every((row) => row.hash === null && row.sealSeq === null)).toBe(true);

    expect(await sealAllAuditEvents(t.context.db)).toBe(40);
    const rows = await t.context.db.select().from(auditEvents).orderBy(asc(auditEvents.sealSeq));
    expect(rows.map((row) => row.sealSeq)).toEqual(rows.map((_, index) => index + 1));
    expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
    rows.forEach((row, index) => {
      expect(row.hash).toBe(auditRowHash({ ...row, prevHash: row.prevHash ?? '' }));
      expect(row.prevHash).toBe(index === 0 ? GENESIS_HASH : rows[index - 1]?.hash);
    });
    const verdict = await verifyAuditChain(t.context.db, t.context.now());
    const last = rows.at(-1);
    expect(verdict).toEqual({
      ok: true,
      rows: 40,
      head: { sealSeq: 40, hash: last?.hash },
      unsealed: 0,
    });
    expect(describeVerdict(verdict)).toMatch(
      /^audit trail OK: 40 events, chain intact; head 40:[0-9a-f]{64}/,
    );
  });

  it('stores and seals any text a field may hold exactly as audit-chain.ts hashes it', async () => {
    const awkward = [
      'quote " backslash \\ slash / tab \t newline \n return \r',
      'control \u0001\u001f\u007f and \b\f',
      'accents ñandú Ærø, CJK 診察, emoji 🩺, separators \u2028\u2029, <script>&amp;',
      '',
    ];
    const at = new Date('2026-03-08T07:05:09.007Z');
    await recordAuditEventsAlone(
      t.context.db,
      awkward.map((text, index) => ({
        actorUserId: index % 2 === 0 ? '0b7f4c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b' : null,
        actingForUserId: index === 1 ? '1c8e5d2f-3e4b-4f60-9bac-1d2e3f4a5b6c' : null,
        patientId: null,
        resourceType: 'documents',
        resourceId: text,
        action: 'update' as const,
        outcome: 'success' as const,
        requestId: `req-${text.slice(0, 3)}`,
        clientAddress: index === 2 ? '::ffff:127.0.0.1' : null,
      })),
      at,
    );
    await sealAllAuditEvents(t.context.db);
    const rows = await t.context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceType, 'documents'))
      .orderBy(asc(auditEvents.id));
    expect(rows.map((row) => row.resourceId)).toEqual(awkward);
    for (const row of rows) {
      expect(row.occurredAt.toISOString()).toBe(at.toISOString());
      expect(row.hash).toBe(auditRowHash({ ...row, prevHash: row.prevHash ?? '' }));
    }
    expect((await verifyAuditChain(t.context.db, t.context.now())).ok).toBe(true);
  });

  it('lets a sealer that dies half way leave the chain as it was; the next pass seals everything', async () => {
    await recordAuditEventsAlone(
      t.context.db,
      [event('crash-1'), event('crash-2'), event('crash-3')],
      t.context.now(),
    );
    const [headBefore] = await t.context.db.select().from(auditChainHead);
    await expect(
      t.context.db.transaction(async (tx) => {
        expect(await sealInTransaction(tx, 2)).toEqual({ sealed: 2 });
        throw new Error('the sealer crashes before its commit');
      }),
    ).rejects.toThrow('crashes');
    expect((await rowsWith(t.context.db, 'crash-')).every((row) => row.hash === null)).toBe(true);
    expect(await t.context.db.select().from(auditChainHead)).toEqual([headBefore]);

    expect(await sealAllAuditEvents(t.context.db)).toBe(3);
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 0 });
  });

  it('seals in the background on every instance that runs a sealer', async () => {
    const sealer = startAuditSealer(t.context.db, t.app.log, 10);
    try {
      await recordAuditEventsAlone(t.context.db, [event('background')], t.context.now());
      await vi.waitFor(async () => {
        expect(await unsealedCount(t.context.db)).toBe(0);
      });
    } finally {
      await sealer.stop();
    }
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 0 });
  });

  it('raises the alarm for a row no sealer reached within a minute', async () => {
    await recordAuditEventsAlone(t.context.db, [event('never-sealed')], t.context.now());
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 1 });
    t.advanceClock((UNSEALED_ALARM_SECONDS + 1) * 1000);
    const [row] = await rowsWith(t.context.db, 'never-sealed');
    const verdict = await verifyAuditChain(t.context.db, t.context.now());
    expect(verdict).toMatchObject({ ok: false, reason: 'unsealed', stale: 1, oldestId: row?.id });
    expect(describeVerdict(verdict)).toContain('no audit sealer is running');
    await sealAllAuditEvents(t.context.db);
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 0 });
  });

  it('refuses to change a row, sealed or not, to delete one, or to move the head back', async () => {
    await recordAuditEventsAlone(t.context.db, [event('refused')], t.context.now());
    const [unsealed] = await rowsWith(t.context.db, 'refused');
    const attempts = [
      sql`update audit_events set resource_type = 'insurance' where id = ${unsealed?.id}`,
      sql`update audit_events set resource_type = 'insurance', seal_seq = 999, prev_hash = 'x', hash = 'y' where id = ${unsealed?.id}`,
      sql`update audit_events set resource_type = 'insurance' where seal_seq = 1`,
      sql`update audit_events set hash = repeat('0', 64) where seal_seq = 1`,
      sql`delete from audit_events where id = ${unsealed?.id}`,
      sql`delete from audit_events where seal_seq = 1`,
      sql`update audit_chain_head set seal_seq = seal_seq - 1`,
      sql`delete from audit_chain_head`,
      sql`truncate audit_chain_head`,
    ];
    for (const attempt of attempts) {
      await expect(t.context.db.execute(attempt)).rejects.toThrow();
    }
    await sealAllAuditEvents(t.context.db);
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 0 });
  });
});

describe('audit:verify names tampering (decision 0077)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await recordAuditEventsAlone(
      t.context.db,
      Array.from({ length: 20 }, (_, index) => event(`tamper-${String(index)}`)),
      t.context.now(),
    );
    await sealAllAuditEvents(t.context.db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function sealed() {
    return t.context.db.select().from(auditEvents).orderBy(asc(auditEvents.sealSeq));
  }

  it('names a row cut from the end, even when its head was moved back too, given a head kept elsewhere', async () => {
    const before = await verifyAuditChain(t.context.db, t.context.now());
    if (!before.ok || !before.head) {
      throw new Error('the chain should verify before tampering');
    }
    const keptHead = parseHead(describeVerdict(before).split('head ')[1]?.split(' ')[0] ?? '');
    expect(keptHead).toEqual(before.head);
    const rows = await sealed();
    const newest = rows.at(-1);
    const second = rows.at(-2);
    await asSuperuser(t.context.db, sql`delete from audit_events where id = ${newest?.id}`);
    const cut = await verifyAuditChain(t.context.db, t.context.now());
    expect(cut).toEqual({
      ok: false,
      reason: 'head',
      rows: 19,
      expected: before.head,
      found: { sealSeq: second?.sealSeq, hash: second?.hash },
    });
    expect(describeVerdict(cut)).toContain('the newest events were removed');

    // Whoever can switch the triggers off can move the head back as well: the head kept apart catches it.
    await asSuperuser(
      t.context.db,
      sql`update audit_chain_head set seal_seq = ${second?.sealSeq}, hash = ${second?.hash}`,
    );
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, rows: 19 });
    expect(await verifyAuditChain(t.context.db, t.context.now(), keptHead ?? undefined)).toMatchObject({
      ok: false,
      reason: 'head',
      expected: before.head,
    });
  });

  it('names a removed head', async () => {
    const [head] = await t.context.db.select().from(auditChainHead);
    await asSuperuser(t.context.db, sql`delete from audit_chain_head`);
    const verdict = await verifyAuditChain(t.context.db, t.context.now());
    expect(verdict).toMatchObject({ ok: false, reason: 'head', expected: null });
    expect(describeVerdict(verdict)).toContain('no recorded head');
    await asSuperuser(
      t.context.db,
      sql`insert into audit_chain_head (id, seal_seq, hash) values (1, ${head?.sealSeq}, ${head?.hash})`,
    );
    expect((await verifyAuditChain(t.context.db, t.context.now())).ok).toBe(true);
  });

  it('names a reordered row by its link', async () => {
    const rows = await sealed();
    const [fifth, sixth] = [rows[4], rows[5]];
    // Each row to a place, through a free seal_seq (the index keeps each place unique).
    const place = (fifthAt: number | null | undefined, sixthAt: number | null | undefined) => [
      sql`update audit_events set seal_seq = 0 where id = ${fifth?.id}`,
      sql`update audit_events set seal_seq = ${sixthAt} where id = ${sixth?.id}`,
      sql`update audit_events set seal_seq = ${fifthAt} where id = ${fifth?.id}`,
    ];
    await asSuperuser(t.context.db, ...place(sixth?.sealSeq, fifth?.sealSeq));
    expect(await verifyAuditChain(t.context.db, t.context.now())).toEqual({
      ok: false,
      brokenId: sixth?.id,
      reason: 'prev_hash',
      rowsBefore: 4,
    });
    await asSuperuser(t.context.db, ...place(fifth?.sealSeq, sixth?.sealSeq));
    expect((await verifyAuditChain(t.context.db, t.context.now())).ok).toBe(true);
  });

  it('names a changed row, then the row after a removed one', async () => {
    const rows = await sealed();
    const victim = rows[10];
    const next = rows[11];
    await asSuperuser(
      t.context.db,
      sql`update audit_events set resource_type = 'insurance' where id = ${victim?.id}`,
    );
    const changed = await verifyAuditChain(t.context.db, t.context.now());
    expect(changed).toEqual({ ok: false, brokenId: victim?.id, reason: 'hash', rowsBefore: 10 });
    expect(describeVerdict(changed)).toContain(`BROKEN at event id ${String(victim?.id)}`);

    await asSuperuser(t.context.db, sql`delete from audit_events where id = ${victim?.id}`);
    expect(await verifyAuditChain(t.context.db, t.context.now())).toEqual({
      ok: false,
      brokenId: next?.id,
      reason: 'prev_hash',
      rowsBefore: 10,
    });
    // The trigger is back on: the trail refuses changes again.
    await expect(t.context.db.delete(auditEvents).where(eq(auditEvents.id, next?.id ?? 0))).rejects.toThrow();
  });
});
