import type { AuditAction, AuditResourceType } from '@app/contracts/audit';

/**
 * What a route touches, for the audit hook (issue 19 item 1, decision 0057). A route may say it in
 * its own `config.audit`; otherwise the group table below decides from the route's path, so every
 * route of a patient-data group is covered the moment it is registered, without a line per route.
 */
export interface AuditDeclaration {
  resource: AuditResourceType;
  /**
   * Whose record. Default: the first of the route parameters `patientId`, `patientUserId`,
   * `accountId`, `userId`; else the session's own patient (a patient's own routes); else the patients
   * named in the answer (`patientId`/`patientUserId` fields, or `items[].userId` of a search).
   */
  patientParam?: string;
  /** The route parameter naming the record (default: the first parameter that is not the patient's). */
  resourceIdParam?: string;
  /** Default: from the method (GET read, POST create, PUT/PATCH update, DELETE delete). */
  action?: AuditAction;
}

/** Route config: a declaration, or `false` for a route of a covered group that holds no patient data. */
export type AuditRouteConfig = AuditDeclaration | false;

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRouteConfig;
  }
}

const api = '^/api/';
const clinic = `${api}provider/clinics/:clinicId/`;
const patient = `${clinic}patients/:patientId`;

/**
 * The patient-data route groups, first match wins (so a patient's vitals are `vitals`, not the
 * chart). A path matched by none is not patient data (settings, reference lists, scheduling
 * options, the workspace).
 */
export const AUDITED_ROUTE_GROUPS: readonly { pattern: RegExp; audit: AuditRouteConfig }[] = [
  // Reference data inside covered prefixes.
  { pattern: new RegExp(`${api}demographics/(reference-lists|countries/)`), audit: false },
  { pattern: new RegExp(`${api}messages/sms-preference$`), audit: false },
  {
    pattern: new RegExp(`${clinic}(messages/receivers/providers|sms-templates|bulk-messages/departments)`),
    audit: false,
  },
  {
    pattern: new RegExp(`${api}(messages/unread-count|provider/clinics/:clinicId/messages/unread-count)$`),
    audit: false,
  },
  { pattern: new RegExp(`${api}insurance/queue/count$|${clinic}insurance-cards/count$`), audit: false },

  { pattern: new RegExp(`${api}demographics/`), audit: { resource: 'demographics' } },
  { pattern: new RegExp(`${api}users/me/health-card$`), audit: { resource: 'demographics' } },
  { pattern: new RegExp(`${patient}/contacts$`), audit: { resource: 'demographics' } },
  { pattern: new RegExp(`${patient}/(vitals|monitoring-devices|intellimap)`), audit: { resource: 'vitals' } },
  { pattern: new RegExp(`${clinic}(intellimap|follow-ups)`), audit: { resource: 'vitals' } },
  { pattern: new RegExp(`${api}vitals/`), audit: { resource: 'vitals' } },
  { pattern: new RegExp(`${patient}/care-plans|${api}care-plans`), audit: { resource: 'care-plans' } },
  {
    pattern: new RegExp(`${patient}/(signed-documents|appointment-attachments)`),
    audit: { resource: 'documents' },
  },
  {
    pattern: new RegExp(`${api}(documents|files)/|${api}appointments/:id/attachments`),
    audit: { resource: 'documents' },
  },
  { pattern: new RegExp(`${patient}/payments|${api}payments/`), audit: { resource: 'payments' } },
  {
    pattern: new RegExp(`${patient}/sms|${clinic}(messages|bulk-messages)|${api}messages/`),
    audit: { resource: 'messages' },
  },
  { pattern: new RegExp(`${api}insurance/|${clinic}insurance-cards`), audit: { resource: 'insurance' } },
  { pattern: new RegExp(`${api}questionnaires/`), audit: { resource: 'questionnaires' } },
  {
    pattern: new RegExp(
      `${api}(check-in/|on-fly-tasks|self-check-in/|statistic/appointment/check-in)|${clinic}(appointments/:appointmentId/check-in|walk-ins/)`,
    ),
    audit: { resource: 'check-in' },
  },
  {
    pattern: new RegExp(
      `${api}(appointments|clinics/:clinicUuid/appointments/)|${clinic}(schedule|appointments|appointment-lookup|waiting-room/(drive-up|telehealth)$)`,
    ),
    audit: { resource: 'appointments' },
  },
  { pattern: new RegExp(`${clinic}(video-call|voice-calls)`), audit: { resource: 'video' } },
  { pattern: new RegExp(`${clinic}patients$`), audit: { resource: 'patient-search' } },
  {
    pattern: new RegExp(`${patient}|${api}patients/:patientId$|${api}clinics/:clinicUuid/patients$`),
    audit: { resource: 'patient-chart' },
  },
  { pattern: new RegExp(`${api}users/:userId/family/`), audit: { resource: 'family' } },
];

/** The declaration of a route: its own, else its group's, else none (not patient data). */
export function auditDeclarationOf(url: string, own: AuditRouteConfig | undefined): AuditDeclaration | null {
  if (own !== undefined) {
    return own === false ? null : own;
  }
  const group = AUDITED_ROUTE_GROUPS.find(({ pattern }) => pattern.test(url));
  return group && group.audit !== false ? group.audit : null;
}
