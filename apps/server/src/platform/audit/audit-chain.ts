import { createHash } from 'node:crypto';
import type { AuditAction, AuditOutcome } from '@app/contracts/audit';

/** The prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of a row that its hash covers, in the chain's canonical order. */
export interface ChainedFields {
  id: number;
  occurredAt: Date;
  actorUserId: string | null;
  actingForUserId: string | null;
  patientId: string | null;
  resourceType: string;
  resourceId: string | null;
  action: AuditAction;
  outcome: AuditOutcome;
  requestId: string | null;
  clientAddress: string | null;
  prevHash: string;
}

/**
 * SHA-256 over a canonical serialisation: a JSON array in a fixed order (no key-order ambiguity,
 * nulls kept as null, the time as an ISO instant with milliseconds, which timestamptz keeps exactly).
 * The id is covered, and prev_hash ties the row to its place in the chain (seal_seq order), so moving
 * a row breaks the chain too. The sealer (audit-sealer.ts, decision 0077) and audit:verify both use
 * this function; the rows sealed before 0077 were hashed by migration 0022's SQL, which built the same
 * text (its test compared the two), so a change here breaks their verification.
 */
export function auditRowHash(row: ChainedFields): string {
  const canonical = JSON.stringify([
    row.id,
    row.occurredAt.toISOString(),
    row.actorUserId,
    row.actingForUserId,
    row.patientId,
    row.resourceType,
    row.resourceId,
    row.action,
    row.outcome,
    row.requestId,
    row.clientAddress,
    row.prevHash,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
