import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { auditRowHash, GENESIS_HASH } from './audit-chain.ts';
import { recordAuditEventsAlone } from './audit-recorder.ts';
import { describeVerdict, verifyAuditChain } from './audit-verify.ts';

// Issue 19 item 1: the chain holds under concurrent writers, and audit:verify names the first row
// that was tampered with. The test tampers as the database superuser would: it switches the
// append-only trigger off for one statement (the tests' database user owns the table).

describe('audit chain and audit:verify (issue 19)', () => {
  let t: TestApp;
  const event = (resourceId: string) => ({
    actorUserId: null,
    resourceType: 'route',
    resourceId,
    action: 'read' as const,
    outcome: 'success' as const,
  });

  async function asSuperuser(statement: ReturnType<typeof sql>) {
    await t.context.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
      await tx.execute(statement);
      await tx.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
    });
  }

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('never forks the chain when many writers append at once', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        recordAuditEventsAlone(
          t.context.db,
          [event(`w${String(index)}`), event(`w${String(index)}b`)],
          t.context.now(),
        ),
      ),
    );
    const rows = await t.context.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((row) => row.prevHash)).size).toBe(rows.length);
    expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
    for (const row of rows) {
      expect(auditRowHash(row)).toBe(row.hash);
    }
    const verdict = await verifyAuditChain(t.context.db);
    expect(verdict).toEqual({ ok: true, rows: rows.length });
    expect(describeVerdict(verdict)).toMatch(/^audit trail OK/);
  });

  it('hashes in the database exactly as audit-chain.ts does, for any text a field may hold', async () => {
    // audit_append (migration 0022) writes the hash; audit:verify recomputes it in JavaScript.
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
    const rows = await t.context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceType, 'documents'))
      .orderBy(asc(auditEvents.id));
    expect(rows.map((row) => row.resourceId)).toEqual(awkward);
    for (const row of rows) {
      expect(row.occurredAt.toISOString()).toBe(at.toISOString());
      expect(row.hash).toBe(auditRowHash(row));
    }
    expect((await verifyAuditChain(t.context.db)).ok).toBe(true);
  });

  it('names a changed row, then the row after a removed one', async () => {
    const rows = await t.context.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    const victim = rows[10];
    const next = rows[11];
    if (!victim || !next) {
      throw new Error('the first test appends more rows than this needs');
    }
    await asSuperuser(sql`update audit_events set resource_type = 'insurance' where id = ${victim.id}`);
    const changed = await verifyAuditChain(t.context.db);
    expect(changed).toEqual({ ok: false, brokenId: victim.id, reason: 'hash', rowsBefore: 10 });
    expect(describeVerdict(changed)).toContain(`BROKEN at event id ${String(victim.id)}`);

    await asSuperuser(sql`delete from audit_events where id = ${victim.id}`);
    expect(await verifyAuditChain(t.context.db)).toEqual({
      ok: false,
      brokenId: next.id,
      reason: 'prev_hash',
      rowsBefore: 10,
    });
    // The trigger is back on: the trail refuses changes again.
    await expect(t.context.db.delete(auditEvents).where(eq(auditEvents.id, next.id))).rejects.toThrow();
  });
});
