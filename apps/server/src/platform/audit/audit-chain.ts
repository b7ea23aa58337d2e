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
 * The id is covered, so moving a row to another place in the chain breaks it too.
 * The writer is the database function `audit_append` (migration 0022, decision 0064), which builds
 * the same text with to_json and sha256: this function is what audit:verify checks it against, so a
 * change here needs a migration that changes that function too (audit-verify.test.ts holds them equal).
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
