import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 19 item 1, decision 0057): who read or changed which patient's data, logins,
 * failed logins and refusals. Append-only: a trigger (migration 0020) refuses UPDATE, DELETE and
 * TRUNCATE, except the one update that seals a row. A change's transaction inserts its rows unsealed
 * (no `seal_seq`, `prev_hash`, `hash`); the sealer (platform/audit/audit-sealer.ts, decision 0077) then
 * gives each committed row the next `seal_seq` and `hash` = SHA-256 over its fields and `prev_hash`,
 * the hash of the row before it in `seal_seq` order, so a changed or removed row breaks the chain
 * (`npm run audit:verify`).
 * No foreign keys: the trail outlives what it talks about and never blocks a change elsewhere.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    /** Taken at insert, in no particular commit order: the chain's order is `sealSeq`. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The person who acted (a provider who switched into a patient's session is the actor). */
    actorUserId: uuid('actor_user_id'),
    /** The account the actor acted through: the patient of a provider switch, the family member. */
    actingForUserId: uuid('acting_for_user_id'),
    patientId: uuid('patient_id'),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    action: text('action', {
      enum: ['read', 'create', 'update', 'delete', 'export', 'login', 'failed-login', 'permission-denied'],
    }).notNull(),
    outcome: text('outcome', { enum: ['success', 'denied', 'failure'] }).notNull(),
    requestId: text('request_id'),
    clientAddress: text('client_address'),
    /** The chain order, given by the sealer after commit; null until sealed (decision 0077). */
    sealSeq: bigint('seal_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  // Each index ends in the trail's reading order (occurred_at, id), so a page of a patient's history,
  // a staff member's events or the whole trail is read backwards from the cursor (decision 0076).
  (table) => [
    index('audit_events_patient_idx').on(table.patientId, table.occurredAt, table.id),
    index('audit_events_actor_idx').on(table.actorUserId, table.occurredAt, table.id),
    index('audit_events_occurred_idx').on(table.occurredAt, table.id),
    uniqueIndex('audit_events_seal_idx').on(table.sealSeq),
    // What the sealer reads each pass: the few rows not sealed yet.
    index('audit_events_unsealed_idx')
      .on(table.id)
      .where(sql`${table.hash} is null`),
  ],
);

/**
 * The chain's head as the sealer last left it (decision 0077), one row: removing the newest sealed
 * rows leaves a chain shorter than this, which audit:verify names. Its trigger (migration 0026) only
 * lets it move forward.
 */
export const auditChainHead = pgTable('audit_chain_head', {
  /** Always 1: the table holds one row. */
  id: integer('id').primaryKey(),
  sealSeq: bigint('seal_seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
