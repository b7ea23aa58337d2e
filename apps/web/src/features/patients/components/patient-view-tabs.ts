import { ROUTE_MAP } from '../../../app/route-map.ts';

// spec 3 §2 Patient view shell: icon tabs, each optionally guarded by a permission and a clinic module
// (the row of its route in PROVIDER_ROUTE_GATES, spec 3 §6). A tab shows only when its route exists in
// the route map (other features add theirs), and its gate holds.

export const PATIENT_VIEW_PATH = '/provider/patient/:patientId';

export interface PatientTab {
  /** The path segment below /provider/patient/{id}. */
  segment: string;
  icon: string;
}

export const PATIENT_TABS: readonly PatientTab[] = [
  { segment: 'appointments', icon: '📅' },
  { segment: 'flows', icon: '🔀' },
  { segment: 'message', icon: '✉️' },
  { segment: 'documents', icon: '📄' },
  { segment: 'payments', icon: '💳' },
  { segment: 'time-recorder', icon: '⏱️' },
  { segment: 'address-and-contacts', icon: '🏠' },
  { segment: 'health', icon: '❤️' },
];

/** Whether a route below the patient view exists for the tab (its feature is built and merged). */
export function tabHasRoute(tab: PatientTab, routes = ROUTE_MAP): boolean {
  const prefix = `${PATIENT_VIEW_PATH}/${tab.segment}`;
  return routes.some((entry) => entry.path === prefix || entry.path.startsWith(`${prefix}/`));
}
