import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 19 item 1, decision 0057): who read or changed which patient's data, logins,
 * failed logins and refusals. Append-only: a trigger (migration 0020) refuses UPDATE, DELETE and
 * TRUNCATE. Each row's `hash` is SHA-256 over its fields and `prev_hash`, the hash of the row before
 * it in `id` order, so a changed or removed row breaks the chain (`npm run audit:verify`).
 * No foreign keys: the trail outlives what it talks about and never blocks a change elsewhere.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    /** The chain order: taken under the chain lock (platform/audit/audit-recorder.ts). */
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
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  // Each index ends in the trail's reading order (occurred_at, id), so a page of a patient's history,
  // a staff member's events or the whole trail is read backwards from the cursor (decision 0076).
  (table) => [
    index('audit_events_patient_idx').on(table.patientId, table.occurredAt, table.id),
    index('audit_events_actor_idx').on(table.actorUserId, table.occurredAt, table.id),
    index('audit_events_occurred_idx').on(table.occurredAt, table.id),
  ],
);
