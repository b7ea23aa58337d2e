import { and, count, desc, eq, gte, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@app/contracts/audit';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { clinicPatients, providers } from '../../db/schema/clinics.ts';

const actors = alias(users, 'audit_actors');
const actingFor = alias(users, 'audit_acting_for');
const patients = alias(users, 'audit_patients');

/** What a patient's access history shows: reads and changes of their record. */
const RECORD_ACTIONS: AuditAction[] = ['read', 'create', 'update', 'delete', 'export'];

/** Issue 19 item 2: events about `patientId` by someone else, newest first. */
export async function findAccessHistory(db: Db, patientId: string, page: number, pageSize: number) {
  const where = and(
    eq(auditEvents.patientId, patientId),
    isNotNull(auditEvents.actorUserId),
    ne(auditEvents.actorUserId, patientId),
    inArray(auditEvents.action, RECORD_ACTIONS),
  );
  const [total] = await db.select({ value: count() }).from(auditEvents).where(where);
  const rows = await db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      actingForUserId: auditEvents.actingForUserId,
      resourceType: auditEvents.resourceType,
      action: auditEvents.action,
      firstName: actors.firstName,
      lastName: actors.lastName,
      memberType: actors.memberType,
    })
    .from(auditEvents)
    .innerJoin(actors, eq(actors.id, auditEvents.actorUserId))
    .where(where)
    .orderBy(desc(auditEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: total?.value ?? 0, rows };
}

export interface AuditSearchFilters {
  /** The clinics whose trail the caller may search (where they hold SETTING). */
  clinicIds: string[];
  patientId?: string | undefined;
  actorUserId?: string | undefined;
  action?: AuditAction | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * A clinic's part of the trail (decision 0057): events about its patients, and events by its staff.
 * A clinic admin never sees another clinic's patients or staff.
 */
function searchCondition(filters: AuditSearchFilters): SQL | undefined {
  const clinicIds = filters.clinicIds;
  const ofClinic = or(
    inArray(
      auditEvents.patientId,
      sql`(select ${clinicPatients.userId} from ${clinicPatients} where ${inArray(clinicPatients.clinicId, clinicIds)})`,
    ),
    inArray(
      auditEvents.actorUserId,
      sql`(select ${providers.userId} from ${providers} where ${inArray(providers.clinicId, clinicIds)})`,
    ),
  );
  return and(
    ofClinic,
    filters.patientId ? eq(auditEvents.patientId, filters.patientId) : undefined,
    filters.actorUserId ? eq(auditEvents.actorUserId, filters.actorUserId) : undefined,
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    filters.from ? gte(auditEvents.occurredAt, filters.from) : undefined,
    filters.to ? lte(auditEvents.occurredAt, filters.to) : undefined,
  );
}

export async function searchAuditEvents(db: Db, filters: AuditSearchFilters, limit: number, offset: number) {
  if (filters.clinicIds.length === 0) {
    return { total: 0, rows: [] };
  }
  const where = searchCondition(filters);
  const [total] = await db.select({ value: count() }).from(auditEvents).where(where);
  const rows = await db
    .select({
      event: auditEvents,
      actorFirstName: actors.firstName,
      actorLastName: actors.lastName,
      actingForFirstName: actingFor.firstName,
      actingForLastName: actingFor.lastName,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
    .leftJoin(actingFor, eq(actingFor.id, auditEvents.actingForUserId))
    .leftJoin(patients, eq(patients.id, auditEvents.patientId))
    .where(where)
    .orderBy(desc(auditEvents.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.value ?? 0, rows };
}

/**
 * The staff filter's choices (decision 0063): every user who is a provider of one of `clinicIds` —
 * the same membership that puts their events in the clinic's trail (`searchCondition`) — once, even
 * when they belong to several of those clinics. The service sorts them by the name it shows.
 */
export async function findClinicStaff(db: Db, clinicIds: string[]) {
  if (clinicIds.length === 0) {
    return [];
  }
  return db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(inArray(providers.clinicId, clinicIds));
}
