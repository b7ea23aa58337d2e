import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditChainHead, auditEvents } from '../../db/schema/audit.ts';
import { startBatchLoop, type BatchLoop } from '../batch-loop.ts';
import { auditRowHash, GENESIS_HASH } from './audit-chain.ts';

/**
 * Decision 0077: the chain is sealed after commit. A change's transaction only inserts its audit rows
 * (no lock, no hash), so changes commit side by side; this pass gives the committed rows that have no
 * hash yet the next `seal_seq`, `prev_hash` and `hash`, in id order, and moves the chain's head.
 *
 * One pass at a time per database: the pass holds a transaction-level advisory lock, taken with
 * `try` so a second instance (or a second timer) skips instead of queueing. A pass that dies half
 * way (a crash, a killed connection) rolls back and frees the lock with its transaction; the next pass,
 * on any instance, starts again from the head. Rows inserted by a transaction still open are not
 * visible to the pass and are sealed by a later one, so the seal order is a total order of commits
 * as the sealer saw them, not the id order.
 */

/** The same key the writers' lock used ('AUDT'); since 0077 only the sealer takes it. */
const SEALER_LOCK = 1096107092;

/** Rows sealed per transaction: a pass stays short, and a backlog is worked off in several. */
export const SEAL_BATCH = 1000;

/**
 * How often each instance looks for rows to seal, and so about how long a committed row waits for its
 * seal. A pass costs about seven statements whatever its batch: every 200 ms, on a server sending 10
 * messages a second (9 statements each), that would be a third more statements; every second, a
 * fifteenth (decision 0077).
 */
export const SEAL_INTERVAL_MS = 1000;

export type SealResult = { sealed: number } | 'busy';

/**
 * Seals up to `limit` committed rows inside `tx` (which must be a transaction: the lock lasts until
 * it ends). Returns 'busy' when another pass holds the lock.
 */
export async function sealInTransaction(tx: Db, limit: number = SEAL_BATCH): Promise<SealResult> {
  // Its own statement, before the reads: under READ COMMITTED the reads below then see every pass
  // that committed before this one got the lock.
  const lock: unknown = await tx.execute(sql`select pg_try_advisory_xact_lock(${SEALER_LOCK}) as "locked"`);
  if ((lock as { rows: { locked: boolean }[] }).rows[0]?.locked !== true) {
    return 'busy';
  }
  const rows = await tx
    .select()
    .from(auditEvents)
    .where(isNull(auditEvents.hash))
    .orderBy(asc(auditEvents.id))
    .limit(limit);
  if (rows.length === 0) {
    return { sealed: 0 };
  }
  const [head] = await tx.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  let sealSeq = head?.sealSeq ?? 0;
  let prevHash = head?.hash ?? GENESIS_HASH;
  const seals = rows.map((row) => {
    sealSeq += 1;
    const hash = auditRowHash({ ...row, prevHash });
    const seal = { id: row.id, seal_seq: sealSeq, prev_hash: prevHash, hash };
    prevHash = hash;
    return seal;
  });
  // One statement for the batch. The trigger (migration 0026) lets an update through only when it
  // seals an unsealed row without changing any of its fields.
  await tx.execute(sql`
    update ${auditEvents}
    set seal_seq = seal.seal_seq, prev_hash = seal.prev_hash, hash = seal.hash
    from jsonb_to_recordset(${JSON.stringify(seals)}::jsonb)
      as seal(id bigint, seal_seq bigint, prev_hash text, hash text)
    where ${auditEvents.id} = seal.id and ${auditEvents.hash} is null`);
  await tx
    .insert(auditChainHead)
    .values({ id: 1, sealSeq, hash: prevHash })
    .onConflictDoUpdate({ target: auditChainHead.id, set: { sealSeq, hash: prevHash } });
  return { sealed: seals.length };
}

/** One sealing pass in a transaction of its own. */
export async function sealAuditEvents(db: Db, limit: number = SEAL_BATCH): Promise<SealResult> {
  return db.transaction((tx) => sealInTransaction(tx as unknown as Db, limit));
}

/** Seals until nothing committed is left unsealed (tests, the verify command, a shutdown). */
export async function sealAllAuditEvents(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sealAuditEvents(db);
    if (result === 'busy') {
      // Another instance is sealing; its pass is short.
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    total += result.sealed;
    if (result.sealed < SEAL_BATCH) {
      return total;
    }
  }
}

export type AuditSealer = BatchLoop;

/**
 * Every server instance runs one (like the outbox worker). Each SEAL_INTERVAL_MS it looks for an
 * unsealed row with one indexed read and, if there is one, runs a pass; a full batch goes on at once.
 */
export function startAuditSealer(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs: number = SEAL_INTERVAL_MS,
): AuditSealer {
  return startBatchLoop({
    runBatch: async () => {
      const [waiting] = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(isNull(auditEvents.hash))
        .limit(1);
      if (!waiting) {
        return 0;
      }
      const result = await sealAuditEvents(db);
      return result === 'busy' ? 0 : result.sealed;
    },
    batchSize: SEAL_BATCH,
    intervalMs,
    firstDelayMs: intervalMs,
    log,
    // The rows wait for the next pass.
    failureMessage: 'audit sealer: a pass failed',
  });
}
