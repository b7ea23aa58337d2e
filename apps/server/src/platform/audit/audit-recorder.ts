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
 * One statement (decisions 0064, 0077): `audit_append` (migration 0026) inserts the rows unsealed. It
 * takes no lock and reads nothing, so changes commit side by side; the sealer (audit-sealer.ts) chains
 * the committed rows right after.
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

/** Appends `events` with no change to join (a read, a login, a refusal): the one statement commits alone. */
export async function recordAuditEventsAlone(
  db: Db,
  events: readonly AuditEvent[],
  now: Date,
): Promise<void> {
  await recordAuditEvents(db, events, now);
}
