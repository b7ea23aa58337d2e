import { z } from 'zod';
import { listCursorSchema } from './list-cursor.ts';

// Issue 19 items 1-3 (decision 0057): the audit trail's vocabulary and the two pages' API.

export const AUDIT_ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'export',
  'login',
  'failed-login',
  'permission-denied',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_OUTCOMES = ['success', 'denied', 'failure'] as const;
export const auditOutcomeSchema = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>;

/**
 * What part of a record an event is about (issue 19 item 2: "appointments, demographics, insurance,
 * documents, messages, vitals…"); the pages translate these keys. `session` is a login, `route` a
 * refusal of a route that holds no patient data, `audit` the trail itself (its CSV export).
 */
export const AUDIT_RESOURCE_TYPES = [
  'appointments',
  'demographics',
  'insurance',
  'documents',
  'messages',
  'vitals',
  'questionnaires',
  'check-in',
  'care-plans',
  'payments',
  'patient-chart',
  'patient-search',
  'family',
  'video',
  'session',
  'route',
  'audit',
  'connected-apps',
  'record-export',
] as const;
export const auditResourceTypeSchema = z.enum(AUDIT_RESOURCE_TYPES);
export type AuditResourceType = z.infer<typeof auditResourceTypeSchema>;

export const AUDIT_PAGE_SIZE_DEFAULT = 25;
export const AUDIT_PAGE_SIZE_MAX = 100;
/** The CSV export stops here; narrow the filters for more (decision 0057). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const pageSize = z.coerce
  .number({ error: 'pageSize must be a number.' })
  .int('pageSize must be a whole number.')
  .min(1, 'pageSize is at least 1.')
  .max(AUDIT_PAGE_SIZE_MAX, `pageSize is at most ${String(AUDIT_PAGE_SIZE_MAX)}.`)
  .default(AUDIT_PAGE_SIZE_DEFAULT);
const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO-8601 instant, e.g. 2026-11-27T00:00:00Z.` });

/**
 * GET /api/me/access-history: the newest page, or with `before` (a previous page's `earlierCursor`)
 * the page of older entries after it (decision 0076).
 */
export const accessHistoryQuerySchema = z.object({ before: listCursorSchema(), pageSize });
export type AccessHistoryQuery = z.input<typeof accessHistoryQuerySchema>;

/** The role an actor had, as the patient reads it. */
/** `app`: an app the patient connected (SMART, decision 0084), named by its registered name. */
export const AUDIT_ACTOR_ROLES = ['provider', 'patient', 'family', 'app'] as const;
export const auditActorRoleSchema = z.enum(AUDIT_ACTOR_ROLES);

export const accessHistoryEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.iso.datetime({ offset: true }),
  actor: z.object({
    firstName: z.string(),
    lastName: z.string(),
    role: auditActorRoleSchema,
  }),
  /** True when the actor opened the record from inside the patient's session (provider switch, family). */
  throughPatientSession: z.boolean(),
  resourceType: auditResourceTypeSchema,
  action: auditActionSchema,
});
export type AccessHistoryEntry = z.infer<typeof accessHistoryEntrySchema>;

/** Newest first; `earlierCursor` asks for the older entries after these, null when there are none. */
export const accessHistoryResponseSchema = z.object({
  entries: z.array(accessHistoryEntrySchema),
  earlierCursor: z.string().nullable(),
});
export type AccessHistoryResponse = z.infer<typeof accessHistoryResponseSchema>;

const auditFilters = z.object({
  patientId: z.uuid('patientId must be a patient id.').optional(),
  actorUserId: z.uuid('actorUserId must be a staff member id.').optional(),
  action: auditActionSchema.optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
});
const datesInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || new Date(query.from) <= new Date(query.to);
const datesInOrderError = { message: 'from must not be after to.', path: ['from'] };

/** GET /api/provider/audit.csv: the filters of the search (the file holds the whole selection). */
export const auditExportQuerySchema = auditFilters.refine(datesInOrder, datesInOrderError);

/**
 * GET /api/provider/audit: newest first, a page at a time; `before` is a previous page's
 * `earlierCursor`, used with the same filters (decision 0076).
 */
export const auditSearchQuerySchema = auditFilters
  .extend({ before: listCursorSchema(), pageSize })
  .refine(datesInOrder, datesInOrderError);
export type AuditSearchQuery = z.input<typeof auditSearchQuerySchema>;

const person = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable();

/**
 * Who acted: a `person` (a user), or an `app` a user connected through SMART, reading for them
 * (decision 0084; `actingFor` is that user). An app is named by its registered name in `firstName`,
 * as on the patient's access history (decision 0088).
 */
export const AUDIT_ACTOR_KINDS = ['person', 'app'] as const;
const actor = z
  .object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), kind: z.enum(AUDIT_ACTOR_KINDS) })
  .nullable();

export const auditEventSchema = z.object({
  id: z.number().int(),
  occurredAt: z.iso.datetime({ offset: true }),
  actor,
  actingFor: person,
  patient: person,
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  action: auditActionSchema,
  outcome: auditOutcomeSchema,
  requestId: z.string().nullable(),
  clientAddress: z.string().nullable(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

/** Newest first; `earlierCursor` asks for the older events after these, null when there are none. */
export const auditSearchResponseSchema = z.object({
  events: z.array(auditEventSchema),
  earlierCursor: z.string().nullable(),
});
export type AuditSearchResponse = z.infer<typeof auditSearchResponseSchema>;

/**
 * GET /api/provider/audit/staff: the staff filter's choices (decision 0063) — every provider who is a
 * member of a clinic whose trail the caller may search, by user id (the id `actorUserId` filters by),
 * named as the trail names people ("First Last"), sorted by that name.
 */
export const auditStaffMemberSchema = z.object({ id: z.uuid(), name: z.string() });
export type AuditStaffMember = z.infer<typeof auditStaffMemberSchema>;

export const auditStaffResponseSchema = z.object({ staff: z.array(auditStaffMemberSchema) });
export type AuditStaffResponse = z.infer<typeof auditStaffResponseSchema>;

/** The CSV export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurred_at',
  'actor_user_id',
  'actor_name',
  'acting_for_user_id',
  'patient_id',
  'patient_name',
  'resource_type',
  'resource_id',
  'action',
  'outcome',
  'request_id',
  'client_address',
] as const;
