import type { ProviderPermission } from '@app/contracts/roles';
import type { WorkspaceModule } from '@app/contracts/workspace-modules';
import { ROUTE_MAP } from '../../../app/route-map.ts';

// spec 3 §2 Patient view shell: icon tabs, each optionally guarded by a permission and a clinic module.
// A tab shows only when its route exists in the route map (other features add theirs), and its gate holds.

export const PATIENT_VIEW_PATH = '/provider/patient/:patientId';

export interface PatientTab {
  /** The path segment below /provider/patient/{id}. */
  segment: string;
  icon: string;
  permission?: ProviderPermission;
  module?: WorkspaceModule;
}

export const PATIENT_TABS: readonly PatientTab[] = [
  { segment: 'appointments', icon: '📅' },
  { segment: 'flows', icon: '🔀', permission: 'FLOWS', module: 'FLOWS' },
  { segment: 'message', icon: '✉️', permission: 'MESSAGE' },
  { segment: 'documents', icon: '📄' },
  { segment: 'payments', icon: '💳' },
  { segment: 'time-recorder', icon: '⏱️' },
  { segment: 'address-and-contacts', icon: '🏠' },
  { segment: 'health', icon: '❤️', permission: 'REMOTE_PATIENT_MONITORING' },
];

/** Whether a route below the patient view exists for the tab (its feature is built and merged). */
export function tabHasRoute(tab: PatientTab, routes = ROUTE_MAP): boolean {
  const prefix = `${PATIENT_VIEW_PATH}/${tab.segment}`;
  return routes.some((entry) => entry.path === prefix || entry.path.startsWith(`${prefix}/`));
}
