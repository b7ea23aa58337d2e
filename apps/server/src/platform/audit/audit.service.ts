import {
  AUDIT_CSV_COLUMNS,
  AUDIT_EXPORT_MAX_ROWS,
  auditResourceTypeSchema,
  type AccessHistoryResponse,
  type AuditEventView,
  type AuditSearchResponse,
  type AuditStaffResponse,
} from '@app/contracts/audit';
import type { ProviderPermission } from '@app/contracts/roles';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../access.ts';
import { decodeRowCursor, nextPageCursor, type RowCursorKind } from '../paging/row-cursor.ts';
import {
  findAccessHistory,
  findClinicStaff,
  searchAuditEvents,
  type AuditSearchFilters,
} from './audit.repository.ts';

/** The cursor of both trail lists: an event's id (decision 0076). */
const AUDIT_CURSOR: RowCursorKind = { tag: 'a1', idPattern: '[1-9][0-9]{0,14}' };

const afterIdOf = (before: string | undefined) =>
  before === undefined ? null : decodeRowCursor(AUDIT_CURSOR, before);

/**
 * The name of an event's actor on both trail pages: a person's first and last name, or the registered
 * name of the app a user connected (decision 0084), which acts for that user.
 */
function actorNamed(row: { appName: string | null; firstName: string | null; lastName: string | null }) {
  return row.appName !== null
    ? { firstName: row.appName, lastName: '', isApp: true }
    : { firstName: row.firstName ?? '', lastName: row.lastName ?? '', isApp: false };
}

/**
 * The patient's access history, newest first, a page at a time (decision 0076). One row more than a
 * page tells whether an older page exists, without counting the history.
 */
export async function accessHistory(
  db: Db,
  auth: AuthContext,
  before: string | undefined,
  pageSize: number,
): Promise<AccessHistoryResponse> {
  const rows = await findAccessHistory(db, auth.userId, afterIdOf(before), pageSize + 1);
  return {
    earlierCursor: nextPageCursor(AUDIT_CURSOR, rows, pageSize, (row) => row.id),
    entries: rows.slice(0, pageSize).map((row) => {
      const { firstName, lastName, isApp } = actorNamed(row);
      return {
        id: row.id,
        occurredAt: row.occurredAt.toISOString(),
        actor: {
          firstName,
          lastName,
          // Another patient account reaching this record is a family member (spec 3 §4).
          role: isApp
            ? ('app' as const)
            : row.memberType === 'doctor'
              ? ('provider' as const)
              : ('family' as const),
        },
        // An app reads with the patient's consent, not inside their session.
        throughPatientSession: !isApp && row.actingForUserId !== null,
        // A type the pages do not know yet reads as the chart.
        resourceType: auditResourceTypeSchema.catch('patient-chart').parse(row.resourceType),
        action: row.action,
      };
    }),
  };
}

/** The clinics whose trail `auth` may search: those where they hold SETTING (spec 3 §6). */
export function auditClinicsOf(auth: AuthContext): string[] {
  const setting: ProviderPermission = 'SETTING';
  return auth.clinicIds.filter((clinicId) => (auth.permissionsByClinic[clinicId] ?? []).includes(setting));
}

type SearchRow = Awaited<ReturnType<typeof searchAuditEvents>>[number];

function person(id: string | null, firstName: string | null, lastName: string | null) {
  return id === null ? null : { id, firstName: firstName ?? '', lastName: lastName ?? '' };
}

function actorOf(row: SearchRow): AuditEventView['actor'] {
  const actorUserId = row.event.actorUserId;
  if (actorUserId === null) {
    return null;
  }
  const { firstName, lastName, isApp } = actorNamed({
    appName: row.actorAppName,
    firstName: row.actorFirstName,
    lastName: row.actorLastName,
  });
  return { id: actorUserId, firstName, lastName, kind: isApp ? 'app' : 'person' };
}

function view(row: SearchRow): AuditEventView {
  const { event } = row;
  return {
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    actor: actorOf(row),
    actingFor: person(event.actingForUserId, row.actingForFirstName, row.actingForLastName),
    patient: person(event.patientId, row.patientFirstName, row.patientLastName),
    resourceType: event.resourceType,
    resourceId: event.resourceId,
    action: event.action,
    outcome: event.outcome,
    requestId: event.requestId,
    clientAddress: event.clientAddress,
  };
}

/** A page of the clinic admin's search, newest first (decision 0076), as `accessHistory`. */
export async function searchAudit(
  db: Db,
  filters: AuditSearchFilters,
  before: string | undefined,
  pageSize: number,
): Promise<AuditSearchResponse> {
  const rows = await searchAuditEvents(db, filters, afterIdOf(before), pageSize + 1);
  return {
    events: rows.slice(0, pageSize).map(view),
    earlierCursor: nextPageCursor(AUDIT_CURSOR, rows, pageSize, (row) => row.event.id),
  };
}

/** One CSV cell: quoted, and a leading formula character defused (CSV injection, OWASP). */
function cell(value: string | number | null): string {
  if (value === null) {
    return '';
  }
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) {
    text = `'${text}`;
  }
  return `"${text.replaceAll('"', '""')}"`;
}

const fullName = (who: { firstName: string; lastName: string } | null) =>
  who ? `${who.firstName} ${who.lastName}`.trim() : null;

export async function exportAuditCsv(db: Db, filters: AuditSearchFilters): Promise<string> {
  const rows = await searchAuditEvents(db, filters, null, AUDIT_EXPORT_MAX_ROWS);
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const event = view(row);
    lines.push(
      [
        event.id,
        event.occurredAt,
        event.actor?.id ?? null,
        fullName(event.actor),
        event.actingFor?.id ?? null,
        event.patient?.id ?? null,
        fullName(event.patient),
        event.resourceType,
        event.resourceId,
        event.action,
        event.outcome,
        event.requestId,
        event.clientAddress,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The staff of the clinics whose trail `clinicIds` covers, named as the trail names them, in the
 * order a reader scans a list of names (accents and case do not move a name).
 */
export async function auditStaff(db: Db, clinicIds: string[]): Promise<AuditStaffResponse> {
  const rows = await findClinicStaff(db, clinicIds);
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const staff = rows
    .map((row) => ({ id: row.id, name: fullName(row) ?? '' }))
    .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  return { staff };
}
