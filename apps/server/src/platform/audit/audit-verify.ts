import { and, asc, count, eq, gt, isNull, lt, lte, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditChainHead, auditEvents } from '../../db/schema/audit.ts';
import { auditRowHash, GENESIS_HASH } from './audit-chain.ts';

/** A row the sealer has not reached after this long means no sealer is running (decision 0077). */
export const UNSEALED_ALARM_SECONDS = 60;

export interface ChainHead {
  sealSeq: number;
  hash: string;
}

export type ChainVerdict =
  | {
      ok: true;
      rows: number;
      /** Where the chain ends: keep it apart from the database to catch a later cut (decision 0077). */
      head: ChainHead | null;
      /** Committed rows waiting for the sealer, none older than the alarm. */
      unsealed: number;
    }
  | {
      ok: false;
      /** The first row whose link or content does not hold. */
      brokenId: number;
      reason: 'prev_hash' | 'hash';
      rowsBefore: number;
    }
  | {
      ok: false;
      /**
       * The chain ends before the head the sealer recorded (its newest rows were removed), or before
       * the head given to verify; null: sealed rows but no head at all (the head row was removed).
       */
      reason: 'head';
      rows: number;
      expected: ChainHead | null;
      found: ChainHead | null;
    }
  | {
      ok: false;
      /** Rows left unsealed longer than UNSEALED_ALARM_SECONDS: no sealer ran. */
      reason: 'unsealed';
      rows: number;
      stale: number;
      oldestId: number;
    };

const BATCH = 5000;

/**
 * Walks the sealed trail in `seal_seq` order (issue 19 item 1, decision 0077): each row must point at
 * the hash of the row before it and carry the hash of its own content. A changed row fails `hash`; a
 * removed, inserted or moved row fails the `prev_hash` of the row after it. The chain must then end
 * exactly at the head the sealer recorded (`head`: its newest rows were removed), and no committed
 * row may wait for the sealer longer than UNSEALED_ALARM_SECONDS (`unsealed`). `expected`, a head
 * printed by an earlier run and kept elsewhere, must still be in the chain (a cut of the head too).
 * `now` comes from the clock module, as the rows' times do.
 */
export async function verifyAuditChain(db: Db, now: Date, expected?: ChainHead): Promise<ChainVerdict> {
  // The head first: rows the sealer adds while we walk lie beyond it and wait for the next run.
  const [recorded] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  const end = recorded?.sealSeq ?? Number.MAX_SAFE_INTEGER;
  let prevHash = GENESIS_HASH;
  let last = null as ChainHead | null;
  let expectedSeen = expected === undefined;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(auditEvents)
      .where(and(gt(auditEvents.sealSeq, last?.sealSeq ?? 0), lte(auditEvents.sealSeq, end)))
      .orderBy(asc(auditEvents.sealSeq))
      .limit(BATCH);
    for (const row of batch) {
      if (row.prevHash !== prevHash) {
        return { ok: false, brokenId: row.id, reason: 'prev_hash', rowsBefore: rows };
      }
      if (row.hash === null || auditRowHash({ ...row, prevHash }) !== row.hash) {
        return { ok: false, brokenId: row.id, reason: 'hash', rowsBefore: rows };
      }
      prevHash = row.hash;
      last = { sealSeq: row.sealSeq ?? 0, hash: row.hash };
      if (expected && last.sealSeq === expected.sealSeq && last.hash === expected.hash) {
        expectedSeen = true;
      }
      rows += 1;
    }
    if (batch.length < BATCH) {
      break;
    }
  }
  if (!recorded && last) {
    return { ok: false, reason: 'head', rows, expected: null, found: last };
  }
  if (recorded && (last?.sealSeq !== recorded.sealSeq || last.hash !== recorded.hash)) {
    return {
      ok: false,
      reason: 'head',
      rows,
      expected: { sealSeq: recorded.sealSeq, hash: recorded.hash },
      found: last,
    };
  }
  if (!expectedSeen && expected) {
    return { ok: false, reason: 'head', rows, expected, found: last };
  }
  const alarmBefore = new Date(now.getTime() - UNSEALED_ALARM_SECONDS * 1000);
  const [waiting] = await db.select({ all: count() }).from(auditEvents).where(isNull(auditEvents.hash));
  const [stale] = await db
    .select({ count: count(), oldestId: min(auditEvents.id) })
    .from(auditEvents)
    .where(and(isNull(auditEvents.hash), lt(auditEvents.occurredAt, alarmBefore)));
  if (stale && stale.count > 0) {
    return { ok: false, reason: 'unsealed', rows, stale: stale.count, oldestId: stale.oldestId ?? 0 };
  }
  return { ok: true, rows, head: last, unsealed: waiting?.all ?? 0 };
}

export function describeVerdict(verdict: ChainVerdict): string {
  if (verdict.ok) {
    const head = verdict.head
      ? `; head ${describeHead(verdict.head)} (keep this line: a later run given it with --expect-head checks the chain still reaches it)`
      : '';
    const waiting = verdict.unsealed > 0 ? `; ${String(verdict.unsealed)} recent events not sealed yet` : '';
    return `audit trail OK: ${String(verdict.rows)} events, chain intact${head}${waiting}`;
  }
  switch (verdict.reason) {
    case 'hash':
    case 'prev_hash': {
      const what =
        verdict.reason === 'hash'
          ? 'its content does not match its hash (the row was changed)'
          : 'it does not link to the row before it (a row before it was changed, removed, moved or inserted)';
      return `audit trail BROKEN at event id ${String(verdict.brokenId)}: ${what}; the ${String(verdict.rowsBefore)} events before it verify`;
    }
    case 'head':
      return verdict.expected
        ? `audit trail BROKEN at its end: the chain of ${String(verdict.rows)} events ends at ${verdict.found ? describeHead(verdict.found) : 'nothing'}, but it reached ${describeHead(verdict.expected)} (the newest events were removed)`
        : `audit trail BROKEN at its end: ${String(verdict.rows)} sealed events but no recorded head (the head was removed)`;
    case 'unsealed':
      return `audit trail ALARM: ${String(verdict.stale)} events (the oldest is id ${String(verdict.oldestId)}) have waited more than ${String(UNSEALED_ALARM_SECONDS)} s to be sealed; no audit sealer is running. The ${String(verdict.rows)} sealed events verify`;
  }
}

export function describeHead(head: ChainHead): string {
  return `${String(head.sealSeq)}:${head.hash}`;
}

/** Reads a head as describeHead prints it (`--expect-head 1234:ab12…`). */
export function parseHead(text: string): ChainHead | null {
  const match = /^([1-9][0-9]{0,15}):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { sealSeq: Number(match[1]), hash: match[2] ?? '' } : null;
}
