import type { ProviderPermission } from '@app/contracts/roles';
import { newAppointmentPath } from '../../lib/provider/new-appointment-path.ts';
import { routeGate, type WorkspaceGate } from '../../lib/provider/provider-workspace.ts';

// spec 3 §2 Provider sidebar (the table), footer tabs and side menu, as data: what each item links to,
// which permission and clinic module it needs (the row of its route in PROVIDER_ROUTE_GATES,
// spec 3 §6), which counter lights its red dot and which other paths
// make it active.

export type CounterId = 'messages' | 'insurances' | 'followUps' | 'driveUp' | 'telehealth';

export type ShellIcon =
  | 'tracker'
  | 'telehealth'
  | 'driveUp'
  | 'schedule'
  | 'message'
  | 'bulk'
  | 'flows'
  | 'patients'
  | 'followUps'
  | 'news'
  | 'insurance'
  | 'audit'
  | 'apps';

export interface NavItem {
  id: string;
  to: string;
  /** Key in the providerShell catalogue. */
  label: string;
  /**
   * Key of the one-word name the phone's footer tab shows under its icon (decision 0052): six tabs
   * share 360 px, so "Secure Messaging" becomes "Messages" rather than breaking mid-word.
   */
  shortLabel?: string;
  icon: ShellIcon;
  gate: WorkspaceGate;
  counter?: CounterId;
  /** Other path prefixes (or patterns) on which the item is active. */
  alsoActive?: readonly RegExp[];
}

export const SIDEBAR_ITEMS: readonly NavItem[] = [
  {
    id: 'tracker',
    to: '/provider/patient-navigation',
    label: 'tracker',
    icon: 'tracker',
    gate: routeGate('/provider/patient-navigation'),
  },
  {
    id: 'telehealth',
    to: '/provider/waiting-room-telehealth',
    label: 'telehealthWaitingRoom',
    icon: 'telehealth',
    gate: routeGate('/provider/waiting-room-telehealth'),
    counter: 'telehealth',
  },
  {
    id: 'drive-up',
    to: '/provider/waiting-room',
    label: 'driveUp',
    icon: 'driveUp',
    gate: routeGate('/provider/waiting-room'),
    counter: 'driveUp',
  },
  {
    id: 'schedule',
    to: '/provider/appointment',
    label: 'schedule',
    icon: 'schedule',
    gate: routeGate('/provider/appointment'),
    // The clinic's appointment list (decision 0039) belongs to the schedule.
    alsoActive: [/^\/provider\/video-call\//, /^\/provider\/appointments(\/|$)/],
  },
  {
    id: 'message',
    to: '/provider/message',
    label: 'secureMessaging',
    icon: 'message',
    gate: routeGate('/provider/message'),
    counter: 'messages',
    alsoActive: [/^\/provider\/single-header(\/|$)/],
  },
  {
    id: 'bulk-message',
    to: '/provider/bulk-message',
    label: 'bulkMessaging',
    icon: 'bulk',
    gate: routeGate('/provider/bulk-message'),
  },
  {
    id: 'flows',
    to: '/provider/flows',
    label: 'worklist',
    icon: 'flows',
    gate: routeGate('/provider/flows'),
  },
  {
    id: 'search-patient',
    to: '/provider/search-patient',
    label: 'patientSearch',
    icon: 'patients',
    gate: routeGate('/provider/search-patient'),
    alsoActive: [/^\/provider\/create-patient(\/|$)/, /^\/provider\/patient\/(?!search|task)[^/]+/],
  },
  {
    id: 'follow-ups',
    to: '/provider/follow-ups',
    label: 'followUpList',
    icon: 'followUps',
    gate: routeGate('/provider/follow-ups'),
    counter: 'followUps',
  },
  { id: 'news', to: '/provider/news', label: 'newsfeed', icon: 'news', gate: routeGate('/provider/news') },
  {
    id: 'insurances',
    to: '/provider/insurances',
    label: 'insuranceCards',
    icon: 'insurance',
    gate: routeGate('/provider/insurances'),
    counter: 'insurances',
  },
  // Issue 19 item 3 (decision 0063): clinic admins (SETTING) search the audit trail.
  {
    id: 'audit',
    to: '/provider/audit',
    label: 'auditTrail',
    icon: 'audit',
    gate: routeGate('/provider/audit'),
  },
  // Issue 21 item 3 (decision 0082): clinic admins (SETTING) see the SMART apps registered for the clinic.
  {
    id: 'smart-apps',
    to: '/provider/smart-apps',
    label: 'smartApps',
    icon: 'apps',
    gate: routeGate('/provider/smart-apps'),
  },
];

/**
 * spec 3 §2 footer tabs: appointments, messages (unread dot), flows, patients, follow-ups (new alert
 * dot), news — each with its sidebar item's gate.
 */
export const FOOTER_TABS: readonly NavItem[] = (
  [
    ['schedule', 'tabSchedule'],
    ['message', 'tabMessages'],
    ['flows', 'tabWorklist'],
    ['search-patient', 'tabPatients'],
    ['follow-ups', 'tabFollowUps'],
    ['news', 'tabNews'],
  ] as const
).map(([id, shortLabel]) => {
  const item = SIDEBAR_ITEMS.find((candidate) => candidate.id === id);
  if (!item) {
    throw new Error(`footer tab ${id} has no sidebar item`);
  }
  return { ...item, shortLabel };
});

function startsAt(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** spec 3 §2: the item is active on its own route and the extra routes the table names. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return startsAt(pathname, item.to) || (item.alsoActive ?? []).some((pattern) => pattern.test(pathname));
}

/** spec 3 §2 "collapsed at width 30 or less, and is 60 px wide". */
export const SIDEBAR_EXPANDED_WIDTH = 232;
export const SIDEBAR_COLLAPSED_WIDTH = 60;
export const SIDEBAR_COLLAPSE_AT = 30;
export function isSidebarCollapsed(width: number): boolean {
  return width <= SIDEBAR_COLLAPSE_AT;
}
export function sidebarWidth(width: number): number {
  return isSidebarCollapsed(width) ? SIDEBAR_COLLAPSED_WIDTH : width;
}

/** spec 3 §9: mobile screen width 768 — below it the footer tabs replace the sidebar. */
export const MOBILE_MAX_WIDTH = 767;

export interface PageAction {
  to: string;
  label: string;
  icon: 'plus' | 'edit' | 'clock';
  gate: WorkspaceGate;
}

/**
 * spec 3 §2 "A header page-action icon varies by route (edit or plus, inbox, clock and others)": each
 * route's action is its most frequent next step (decision 0024), shown only when its gate holds.
 */
export function pageActionOf(
  pathname: string,
  /** The provider's permissions: without PATIENT, a new appointment starts at the look-up (decision 0041). */
  permissions?: readonly ProviderPermission[],
): PageAction | null {
  if (startsAt(pathname, '/provider/appointment') || startsAt(pathname, '/provider/appointments')) {
    // spec 3 §2: the link to schedule a new appointment needs APPOINTMENTS.
    return {
      to: permissions ? newAppointmentPath(permissions) : '/provider/search-patient',
      label: 'actionNewAppointment',
      icon: 'plus',
      gate: { permission: 'APPOINTMENTS' },
    };
  }
  if (startsAt(pathname, '/provider/message')) {
    return {
      // The same place as the page's own New message button: one name, one destination.
      to: '/provider/message/receiver-list',
      label: 'actionNewMessage',
      icon: 'edit',
      gate: { permission: 'MESSAGE' },
    };
  }
  if (startsAt(pathname, '/provider/search-patient')) {
    return {
      to: '/provider/create-patient',
      label: 'actionRegisterPatient',
      icon: 'plus',
      gate: { permission: 'PATIENT' },
    };
  }
  if (
    startsAt(pathname, '/provider/waiting-room') ||
    startsAt(pathname, '/provider/waiting-room-telehealth')
  ) {
    return { to: '/provider/appointment', label: 'actionSchedule', icon: 'clock', gate: {} };
  }
  return null;
}
