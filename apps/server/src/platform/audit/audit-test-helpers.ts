import { asc, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';

// Shared by audit-verify.test.ts and audit-verify.pg.test.ts (the cases that need PostgreSQL).

export const event = (resourceId: string) => ({
  actorUserId: null,
  resourceType: 'route',
  resourceId,
  action: 'read' as const,
  outcome: 'success' as const,
});

export async function rowsWith(db: Db, prefix: string) {
  return db
    .select()
    .from(auditEvents)
    .where(like(auditEvents.resourceId, `${prefix}%`))
    .orderBy(asc(auditEvents.id));
}
