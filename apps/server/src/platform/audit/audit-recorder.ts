import { desc, sql } from 'drizzle-orm';
import type { AuditAction, AuditOutcome } from '@app/contracts/audit';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { auditRowHash, GENESIS_HASH } from './audit-chain.ts';

/** One thing to write down. Time, id and hashes are added by the recorder. */
export interface AuditEvent {
  actorUserId: string | null;
  actingForUserId?: string | null;
  patientId?: string | null;
  resourceType: string;
  resourceId?: string | null;
  action: AuditAction;
  outcome: AuditOutcome;
  requestId?: string | null;
  clientAddress?: string | null;
}

/**
 * The chain's lock: every append takes it for the rest of its transaction, so two writers (two
 * requests, two server instances) never read the same head and fork the chain. A transaction-level
 * advisory lock works the same on PGlite and PostgreSQL 15 and needs no extra table.
 */
const CHAIN_LOCK_KEY = 0x41554454; // 'AUDT'

/**
 * Appends `events` to the trail inside `tx` (issue 19 item 1): call it with the transaction of the
 * change it records, so the change and its event commit or roll back together. `now` comes from the
 * clock module (context.now()).
 */
export async function recordAuditEvents(tx: Db, events: readonly AuditEvent[], now: Date): Promise<void> {
  if (events.length === 0) {
    return;
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`);
  const [head] = await tx
    .select({ hash: auditEvents.hash })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1);
  // Ids are taken under the lock, so id order is chain order.
  const idRows = await tx
    .select({ id: sql<string>`nextval('audit_events_id_seq')` })
    .from(sql`generate_series(1, ${events.length})`);
  let prevHash = head?.hash ?? GENESIS_HASH;
  const rows = events.map((event, index) => {
    const fields = {
      id: Number(idRows[index]?.id),
      occurredAt: now,
      actorUserId: event.actorUserId,
      actingForUserId: event.actingForUserId ?? null,
      patientId: event.patientId ?? null,
      resourceType: event.resourceType,
      resourceId: event.resourceId ?? null,
      action: event.action,
      outcome: event.outcome,
      requestId: event.requestId ?? null,
      clientAddress: event.clientAddress ?? null,
      prevHash,
    };
    const hash = auditRowHash(fields);
    prevHash = hash;
    return { ...fields, hash };
  });
  await tx.insert(auditEvents).values(rows);
}

/** Appends `events` in a transaction of their own (a read, a login: there is no change to join). */
export async function recordAuditEventsAlone(
  db: Db,
  events: readonly AuditEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) {
    return;
  }
  await db.transaction((tx) => recordAuditEvents(tx as unknown as Db, events, now));
}
