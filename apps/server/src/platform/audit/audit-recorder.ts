import { sql } from 'drizzle-orm';
import type { AuditAction, AuditOutcome } from '@app/contracts/audit';
import type { Db } from '../../db/client.ts';

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
 * Appends `events` to the trail inside `tx` (issue 19 item 1): call it with the transaction of the
 * change it records, so the change and its event commit or roll back together. `now` comes from the
 * clock module (context.now()).
 *
 * One statement (decision 0064): `audit_append` (migration 0022) takes the chain's advisory lock for
 * the rest of the transaction (two writers, two server instances never read the same head), reads the
 * head, takes the ids under the lock (id order is chain order), hashes each row exactly as
 * audit-chain.ts does and inserts it.
 */
export async function recordAuditEvents(tx: Db, events: readonly AuditEvent[], now: Date): Promise<void> {
  if (events.length === 0) {
    return;
  }
  const rows = events.map((event) => ({
    actorUserId: event.actorUserId,
    actingForUserId: event.actingForUserId ?? null,
    patientId: event.patientId ?? null,
    resourceType: event.resourceType,
    resourceId: event.resourceId ?? null,
    action: event.action,
    outcome: event.outcome,
    requestId: event.requestId ?? null,
    clientAddress: event.clientAddress ?? null,
  }));
  await tx.execute(
    sql`select audit_append(${JSON.stringify(rows)}::jsonb, ${now.toISOString()}::timestamptz)`,
  );
}

/**
 * Appends `events` with no change to join (a read, a login, a refusal). The one statement is its own
 * transaction, and the chain lock ends with it.
 */
export async function recordAuditEventsAlone(
  db: Db,
  events: readonly AuditEvent[],
  now: Date,
): Promise<void> {
  await recordAuditEvents(db, events, now);
}
