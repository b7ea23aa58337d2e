import { and, desc, eq, gte, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@app/contracts/audit';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { clinicPatients, providers } from '../../db/schema/clinics.ts';
import { smartApps } from '../../db/schema/smart-apps.ts';

const actors = alias(users, 'audit_actors');
/**
 * An event's actor is a user, or an app a user connected reading through FHIR for them (decision
 * 0084: actor = the app's id, acting for the user). Both trail pages join both, and name whichever it is.
 */
const actorApp = eq(smartApps.id, auditEvents.actorUserId);
const actingFor = alias(users, 'audit_acting_for');
const patients = alias(users, 'audit_patients');

/** What a patient's access history shows: reads and changes of their record. */
const RECORD_ACTIONS: AuditAction[] = ['read', 'create', 'update', 'delete', 'export'];

/**
 * The trail's reading order, newest first: (occurred_at, id) descending, which the indexes of
 * `audit_events` (patient, actor, time; each ending in occurred_at, id) serve read backwards.
 */
const NEWEST_FIRST = [desc(auditEvents.occurredAt), desc(auditEvents.id)];

/**
 * The events after the event `afterId` in the reading order (decision 0076). The key is read from
 * that row by the query itself, so it keeps PostgreSQL's precision; an id that names no event gives
 * no rows. A row comparison of two values known at plan time is an index condition.
 */
function olderThan(afterId: string | null): SQL | undefined {
  if (afterId === null) {
    return undefined;
  }
  return sql`(${auditEvents.occurredAt}, ${auditEvents.id}) < ((select a.occurred_at from ${auditEvents} a where a.id = ${afterId}::bigint), ${afterId}::bigint)`;
}

/**
 * Issue 19 item 2: events about `patientId` by someone else, newest first, `limit` of them after the
 * event `afterId` (all from the newest when null).
 */
export async function findAccessHistory(db: Db, patientId: string, afterId: string | null, limit: number) {
  const where = and(
    eq(auditEvents.patientId, patientId),
    isNotNull(auditEvents.actorUserId),
    ne(auditEvents.actorUserId, patientId),
    inArray(auditEvents.action, RECORD_ACTIONS),
    // A person, or an app the patient connected reading for them (decision 0084).
    or(isNotNull(actors.id), isNotNull(smartApps.id)),
    olderThan(afterId),
  );
  return db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      actingForUserId: auditEvents.actingForUserId,
      resourceType: auditEvents.resourceType,
      action: auditEvents.action,
      firstName: actors.firstName,
      lastName: actors.lastName,
      memberType: actors.memberType,
      appName: smartApps.name,
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
    .leftJoin(smartApps, actorApp)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
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

/** `limit` events of the search, newest first, after the event `afterId` (from the newest when null). */
export async function searchAuditEvents(
  db: Db,
  filters: AuditSearchFilters,
  afterId: string | null,
  limit: number,
) {
  if (filters.clinicIds.length === 0) {
    return [];
  }
  return db
    .select({
      event: auditEvents,
      actorFirstName: actors.firstName,
      actorLastName: actors.lastName,
      actorAppName: smartApps.name,
      actingForFirstName: actingFor.firstName,
      actingForLastName: actingFor.lastName,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
    .leftJoin(smartApps, actorApp)
    .leftJoin(actingFor, eq(actingFor.id, auditEvents.actingForUserId))
    .leftJoin(patients, eq(patients.id, auditEvents.patientId))
    .where(and(searchCondition(filters), olderThan(afterId)))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
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
