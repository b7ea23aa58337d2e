import {
  IconArrowsSplit,
  IconCalendar,
  IconClockHour4,
  IconCreditCard,
  IconFileText,
  IconHeartbeat,
  IconHome,
  IconMail,
  type Icon,
} from '@tabler/icons-react';
import { ROUTE_MAP } from '../../../app/signed-in-route-map.ts';

// spec 3 §2 Patient view shell: icon tabs, each optionally guarded by a permission and a clinic module
// (the row of its route in PROVIDER_ROUTE_GATES, spec 3 §6). A tab shows only when its route exists in
// the route map (other features add theirs), and its gate holds.

export const PATIENT_VIEW_PATH = '/provider/patient/:patientId';

export interface PatientTab {
  /** The path segment below /provider/patient/{id}. */
  segment: string;
  /** A tabler icon (docs/design.md: one icon library, no emoji), drawn aria-hidden beside the text. */
  icon: Icon;
}

export const PATIENT_TABS: readonly PatientTab[] = [
  { segment: 'appointments', icon: IconCalendar },
  { segment: 'flows', icon: IconArrowsSplit },
  { segment: 'message', icon: IconMail },
  { segment: 'documents', icon: IconFileText },
  { segment: 'payments', icon: IconCreditCard },
  { segment: 'time-recorder', icon: IconClockHour4 },
  { segment: 'address-and-contacts', icon: IconHome },
  { segment: 'health', icon: IconHeartbeat },
];

/** Whether a route below the patient view exists for the tab (its feature is built and merged). */
export function tabHasRoute(tab: PatientTab, routes = ROUTE_MAP): boolean {
  const prefix = `${PATIENT_VIEW_PATH}/${tab.segment}`;
  return routes.some((entry) => entry.path === prefix || entry.path.startsWith(`${prefix}/`));
}
