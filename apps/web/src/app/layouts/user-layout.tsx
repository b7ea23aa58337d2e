import { SwitchedPatientNotice } from '../../features/patient-switch/components/switched-patient-notice.tsx';
import { FamilySwitchNotice } from '../../features/family/components/family-switch-notice.tsx';
import { useAppConfig } from '../../lib/variant/app-config.ts';
import { SignedInLayout } from './signed-in-layout.tsx';
import type { MenuItem } from './side-menu.tsx';

/** spec 1 §2 patient side menu; the external patient portal link is added when one is configured. */
export const PATIENT_MENU: readonly MenuItem[] = [
  { to: '/user/appointment', labelKey: 'menu.appointments' },
  { to: '/user/message', labelKey: 'menu.messages' },
  { to: '/user/account-settings', labelKey: 'menu.accountSettings' },
  // Issue 19 item 2: beside the account's own settings (decision 0063).
  { to: '/user/access-history', labelKey: 'menu.accessHistory' },
  { to: '/user/single/health-card', labelKey: 'menu.healthCard' },
  { to: '/user/documents', labelKey: 'menu.documents' },
  { to: '/user/vital/group', labelKey: 'menu.graphs' },
  { to: '/user/family', labelKey: 'menu.family' },
  { to: '/user/provider', labelKey: 'menu.clinics' },
  { to: '/user/single/languages', labelKey: 'menu.language' },
  { to: '/user/outstanding-balance-list?cameFrom=login', labelKey: 'menu.outstandingBalance' },
  { to: '/user/choose-appointment', labelKey: 'menu.changeAppointment' },
  { to: '/user/appointment/create', labelKey: 'menu.scheduleAppointment' },
  { to: '/user/switch-patient', labelKey: 'menu.switchPatient' },
];

export function patientMenu(patientPortalUrl: string | null | undefined): readonly MenuItem[] {
  const portal = patientPortalUrl && /^https?:\/\//.test(patientPortalUrl) ? patientPortalUrl : null;
  return portal
    ? [...PATIENT_MENU, { to: portal, labelKey: 'menu.patientPortal', external: true }]
    : PATIENT_MENU;
}

export function UserLayout() {
  const config = useAppConfig();
  return (
    <SignedInLayout
      area="user"
      home="/user/appointment"
      menu={patientMenu(config.patientPortalUrl)}
      persistentNav
      notice={
        <>
          <SwitchedPatientNotice />
          <FamilySwitchNotice />
        </>
      }
    />
  );
}
