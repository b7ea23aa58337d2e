import type { ProviderPermission } from './roles.ts';
import type { WorkspaceModule } from './workspace-modules.ts';

// spec 3 §6 (and the §2 sidebar table and route list): what each provider screen needs, in one
// table keyed by the route's path pattern (the web route map's spelling). The web router's one guard
// (apps/web/src/app/guards/provider-route-guard.tsx) reads it, the sidebar shows an item only when
// its route's row holds, and the permission-matrix e2e walks it. Plain data with type-only imports:
// the web app's first page reads it and must not load zod (decision 0006).

/** Which sentence a screen shows when its gate fails (the texts live in the web catalogue). */
export type NoAccessText =
  /** spec 3 §2/§8: "You do not have access to view patient details." */
  'patient' | 'page' | 'messaging' | 'bulkMessaging' | 'insurance' | 'appointmentList';

export interface ProviderRouteGate {
  /** Every one of these must be held (spec 3 §6); empty: any provider. */
  readonly permissions: readonly ProviderPermission[];
  /** The clinic module that must be on in the workspace's clinic. */
  readonly module?: WorkspaceModule;
  readonly noAccess: NoAccessText;
  /**
   * The screen that wraps this one (the patient view shell, spec 3 §2): its gate is decided first,
   * and its sentence shows when it fails.
   */
  readonly inside?: string;
}

const open: ProviderRouteGate = { permissions: [], noAccess: 'page' };
const PATIENT_VIEW = '/provider/patient/:patientId';
const patientView: ProviderRouteGate = { permissions: ['PATIENT'], noAccess: 'patient' };
/** A tab of the patient view: PATIENT (the shell) plus the tab's own permission and module. */
const tab = (
  permissions: readonly ProviderPermission[],
  noAccess: NoAccessText,
  module?: WorkspaceModule,
): ProviderRouteGate => ({
  permissions: ['PATIENT', ...permissions],
  noAccess,
  inside: PATIENT_VIEW,
  ...(module ? { module } : {}),
});
const message: ProviderRouteGate = { permissions: ['MESSAGE'], noAccess: 'messaging' };
const patientMessage = tab(['MESSAGE'], 'messaging');
const driveUp: ProviderRouteGate = {
  permissions: ['VIRTUAL_WAITING_ROOM'],
  module: 'PATIENT_OUTSIDE',
  noAccess: 'page',
};
const telehealth: ProviderRouteGate = {
  permissions: ['TELEHEALTH_WAITING_ROOM'],
  module: 'PATIENT_OUTSIDE',
  noAccess: 'page',
};
const insurance: ProviderRouteGate = {
  permissions: ['PROVIDER_INSURANCE'],
  module: 'USER_INSURANCE',
  noAccess: 'insurance',
};
const flows: ProviderRouteGate = { permissions: ['FLOWS'], module: 'FLOWS', noAccess: 'page' };
/** spec 3 §2: the patient view's health tab (REMOTE_PATIENT_MONITORING), default tab intellimap. */
const health = tab(['REMOTE_PATIENT_MONITORING'], 'patient');
/**
 * issue 17 item 2: scheduling for a provider with APPOINTMENTS only (the look-up and the booking
 * steps); PATIENT still gates the patient chart.
 */
const scheduling: ProviderRouteGate = { permissions: ['APPOINTMENTS'], noAccess: 'page' };

/** The kiosk (self check-in) pages: the patient's check-in tasks under the provider's session. */
const kiosk: ProviderRouteGate = { permissions: ['PATIENT'], noAccess: 'patient' };

export const PROVIDER_ROUTE_GATES = {
  '/provider/security': open,
  '/provider/account-settings': open,
  '/provider/auth-data': open,
  '/provider/security-question': open,
  '/provider/canny-sso-roadmap': open,
  // spec 3 §2 schedule: "none stated" in the sidebar table; its filter screens follow it.
  '/provider/appointment': open,
  '/provider/appointment/select-departments': open,
  '/provider/appointment/select-locations': open,
  '/provider/appointment/select-providers': open,
  '/provider/appointment/search-patient': scheduling,
  // The clinic's appointment list (decision 0039).
  '/provider/appointments': { permissions: ['APPOINTMENTS'], noAccess: 'appointmentList' },
  '/provider/waiting-room': driveUp,
  '/provider/waiting-room/select-departments': driveUp,
  '/provider/waiting-room/select-providers': driveUp,
  '/provider/waiting-room-telehealth': telehealth,
  '/provider/waiting-room-telehealth/select-departments': telehealth,
  '/provider/waiting-room-telehealth/select-providers': telehealth,
  '/provider/message': message,
  '/provider/message/search-patient': message,
  '/provider/message/search-provider': message,
  '/provider/message/receiver-list': message,
  '/provider/message/thread/create': message,
  '/provider/message/thread/:threadId': message,
  // spec 3 §2 "Other routes seen": the single-header messaging screen (Secure Messaging is active there).
  '/provider/single-header/message': message,
  '/provider/single-header/message/search-patient': message,
  '/provider/single-header/message/search-provider': message,
  '/provider/single-header/message/receiver-list': message,
  '/provider/single-header/message/thread/create': message,
  '/provider/single-header/message/thread/:threadId': message,
  '/provider/bulk-message': {
    permissions: ['BULK_MESSAGING'],
    module: 'BULK_MESSAGING',
    noAccess: 'bulkMessaging',
  },
  '/provider/patient/sms-templates': message,
  '/provider/search-patient': { permissions: ['PATIENT'], noAccess: 'patient' },
  // spec 3 §2 Register patient: allowed to any provider (the check-in app hides it).
  '/provider/create-patient': open,
  '/provider/patient-create': open,
  '/provider/insurances': insurance,
  '/provider/insurances/filter': insurance,
  '/provider/insurances/:userId/:type': insurance,
  [PATIENT_VIEW]: patientView,
  '/provider/patient/:patientId/appointments': tab([], 'patient'),
  '/provider/patient/:patientId/documents': tab([], 'patient'),
  '/provider/patient/:patientId/documents/questionnaires': tab([], 'patient'),
  '/provider/patient/:patientId/questionnaires': tab([], 'patient'),
  '/provider/patient/:patientId/payments': tab([], 'patient'),
  '/provider/patient/:patientId/time-recorder': tab([], 'patient'),
  '/provider/patient/:patientId/address-and-contacts': tab([], 'patient'),
  '/provider/patient/:patientId/message': patientMessage,
  '/provider/patient/:patientId/message/thread': patientMessage,
  '/provider/patient/:patientId/message/thread/create': patientMessage,
  '/provider/patient/:patientId/message/thread/sms': patientMessage,
  '/provider/patient/:patientId/message/thread/:threadId': patientMessage,
  '/provider/patient/:patientId/message/receiver-list': patientMessage,
  '/provider/patient/:patientId/message/search-patient': patientMessage,
  '/provider/patient/:patientId/message/search-provider': patientMessage,
  '/provider/patient/:patientId/health': health,
  '/provider/patient/:patientId/health/care-plans': health,
  '/provider/patient/:patientId/health/devices': health,
  '/provider/patient/:patientId/health/intellimap': health,
  '/provider/patient/:patientId/health/flowsheet': health,
  '/provider/patient/:patientId/health/graphs-goals': health,
  '/provider/patient/:patientId/flows': tab(['FLOWS'], 'page', 'FLOWS'),
  '/provider/patient/:patientId/flows/create': tab(['FLOWS'], 'page', 'FLOWS'),
  // Booking for a patient is a full-screen flow outside the shell (decision 0025), open to
  // APPOINTMENTS (issue 17 item 2).
  '/provider/patient/:patientId/appointments/create': scheduling,
  '/provider/patient/:patientId/appointments/create/:step': scheduling,
  // spec 3 §2 side menu panels and routes.
  '/provider/master-password': open,
  '/provider/wait-times': { permissions: ['WAIT_TIMES'], noAccess: 'page' },
  // Issue 19 item 3 (decision 0063): the clinic's audit trail, for clinic admins (SETTING).
  '/provider/audit': { permissions: ['SETTING'], noAccess: 'page' },
  // Issue 21 item 3 (decision 0082): the SMART apps registered for the clinic, for clinic admins.
  '/provider/smart-apps': { permissions: ['SETTING'], noAccess: 'page' },
  // Open to any provider: without PATIENT the screen still offers Deny, so the app gets its answer
  // (the server refuses Allow, decision 0089).
  '/provider/connect-app/:requestId': open,
  // spec 3 §2 sidebar: Newsfeed needs no permission ("none").
  '/provider/news': open,
  '/provider/flows': flows,
  '/provider/follow-ups': { permissions: ['REMOTE_PATIENT_MONITORING'], noAccess: 'page' },
  '/provider/intellimap': { permissions: ['REMOTE_PATIENT_MONITORING'], noAccess: 'page' },
  '/provider/patient-navigation': {
    permissions: ['PATIENT_NAVIGATION'],
    module: 'PATIENT_NAVIGATION',
    noAccess: 'page',
  },
  // spec 2 §2 self check-in (kiosk) mode: the task pages under the provider's session. They read and
  // change the patient's demographics, insurance cards, documents and vitals, which need PATIENT
  // (spec 3 §6, issue 19 item 6, decision 0060), so the kiosk needs it as a whole.
  '/provider/patient/search': kiosk,
  '/provider/confirm-patient': kiosk,
  '/provider/patient/task': kiosk,
  '/provider/patient/task/check-in': kiosk,
  '/provider/patient/task/success': kiosk,
  '/provider/patient/task/questionnaire': kiosk,
  '/provider/patient/task/questionnaire/main/:formId': kiosk,
  '/provider/patient/task/demographic/:step': kiosk,
  '/provider/patient/task/confirm-insurance-card': kiosk,
  '/provider/patient/task/insurance-card/:kind': kiosk,
  '/provider/patient/task/sign-document': kiosk,
  '/provider/patient/task/copay': kiosk,
  '/provider/patient/task/outstanding-balance': kiosk,
  '/provider/patient/task/vital': kiosk,
  '/provider/patient/task/regular': kiosk,
} as const satisfies Record<string, ProviderRouteGate>;

export type ProviderRoutePath = keyof typeof PROVIDER_ROUTE_GATES;

export function providerRouteGate(path: string): ProviderRouteGate | undefined {
  return (PROVIDER_ROUTE_GATES as Record<string, ProviderRouteGate>)[path];
}

/** A row that asks for something: rows open to every provider need no guard at all. */
export function isGuardedRoute(gate: ProviderRouteGate | undefined): gate is ProviderRouteGate {
  return gate !== undefined && (gate.permissions.length > 0 || gate.module !== undefined);
}

/** What a provider holds, as far as the gates are concerned. */
export interface ProviderGrants {
  readonly permissions: readonly string[];
  /** The clinic modules on in the workspace's clinic. */
  readonly modules: readonly string[];
}

export function gateHolds(gate: ProviderRouteGate, grants: ProviderGrants): boolean {
  return (
    gate.permissions.every((permission) => grants.permissions.includes(permission)) &&
    (gate.module === undefined || grants.modules.includes(gate.module))
  );
}

export type ProviderRouteDecision = { kind: 'allow' } | { kind: 'deny'; noAccess: NoAccessText };

/**
 * The decision for a route of the table: the wrapping screen's gate first (its sentence shows when
 * it fails), then the route's own. A path outside the table is not a gated provider screen.
 */
export function decideProviderRoute(path: string, grants: ProviderGrants): ProviderRouteDecision {
  const gate = providerRouteGate(path);
  if (!gate) {
    return { kind: 'allow' };
  }
  const outer = gate.inside === undefined ? undefined : providerRouteGate(gate.inside);
  if (outer && !gateHolds(outer, grants)) {
    return { kind: 'deny', noAccess: outer.noAccess };
  }
  return gateHolds(gate, grants) ? { kind: 'allow' } : { kind: 'deny', noAccess: gate.noAccess };
}
