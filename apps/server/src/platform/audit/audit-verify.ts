import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { auditRowHash, GENESIS_HASH } from './audit-chain.ts';

export type ChainVerdict =
  | { ok: true; rows: number }
  | {
      ok: false;
      /** The first row whose link or content does not hold. */
      brokenId: number;
      reason: 'prev_hash' | 'hash';
      rowsBefore: number;
    };

const BATCH = 5000;

/**
 * Walks the trail in id order (issue 19 item 1): each row must point at the hash of the row before it
 * and carry the hash of its own content. A changed row fails `hash`; a removed or inserted row fails
 * the `prev_hash` of the row after it. (Removing the newest rows leaves a shorter valid chain: compare
 * the count or the head hash with an earlier run to catch that.)
 */
export async function verifyAuditChain(db: Db): Promise<ChainVerdict> {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.id, lastId))
      .orderBy(asc(auditEvents.id))
      .limit(BATCH);
    for (const row of batch) {
      if (row.prevHash !== prevHash) {
        return { ok: false, brokenId: row.id, reason: 'prev_hash', rowsBefore: rows };
      }
      if (auditRowHash(row) !== row.hash) {
        return { ok: false, brokenId: row.id, reason: 'hash', rowsBefore: rows };
      }
      prevHash = row.hash;
      lastId = row.id;
      rows += 1;
    }
    if (batch.length < BATCH) {
      return { ok: true, rows };
    }
  }
}

export function describeVerdict(verdict: ChainVerdict): string {
  if (verdict.ok) {
    return `audit trail OK: ${String(verdict.rows)} events, chain intact`;
  }
  const what =
    verdict.reason === 'hash'
      ? 'its content does not match its hash (the row was changed)'
      : 'it does not link to the row before it (a row before it was changed, removed or inserted)';
  return `audit trail BROKEN at event id ${String(verdict.brokenId)}: ${what}; the ${String(verdict.rowsBefore)} events before it verify`;
}
