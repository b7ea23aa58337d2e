import { useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout-session.ts';
import { NotificationsButton } from '../../features/devices/components/notifications-button.tsx';
import { InstallAppOffer } from '../../features/app-install/components/install-app-offer.tsx';
import { kioskIdleTimeout } from '../../features/check-in/kiosk-idle.ts';
import { useDeviceRegistration } from '../../features/devices/use-device-registration.ts';
import { useCommunicationLanguage } from '../../features/language/use-communication-language.ts';
import { biometricOfferQueued } from '../../lib/auth/biometric-login.ts';
import { LoadedWhen } from '../../lib/react/loaded-when.tsx';
import { useAppConfig } from '../../lib/variant/app-config.ts';
import { CommonLayout } from './common-layout.tsx';
import { IdleWatch } from './idle-watch.tsx';
import { MantineScope } from './mantine-scope.tsx';
import { PersistentNav } from './persistent-nav.tsx';
import type { MenuItem } from './side-menu.tsx';

const MENU_ID = 'side-menu';

// The menu drawer and the biometric question load when first opened (decision 0074): Mantine's
// Drawer and Modal would bring ScrollArea and floating-ui to every signed-in first screen.
const loadSideMenu = () => import('./side-menu.tsx').then((module) => module.SideMenu);
const loadBiometricOffer = () =>
  import('../../features/passkeys/components/biometric-offer.tsx').then((module) => module.BiometricOffer);

interface SignedInLayoutProps {
  area: 'user' | 'provider';
  home: string;
  menu: readonly MenuItem[];
  /** Shown above the screen (the patient area's provider-switch notice, spec 2 §4). */
  notice?: ReactNode;
  /** The provider shell (spec 3 §2): sidebar, footer tabs, header page action and menu parts. */
  sidebar?: ReactNode;
  bottomNav?: ReactNode;
  headerAction?: ReactNode;
  menuHeader?: ReactNode;
  menuActions?: ReactNode;
  logoutLabel?: string;
  /** The menu's links also as a permanent side navigation on wide screens (the patient area, decision 0051). */
  persistentNav?: boolean;
}

/** The patient and provider areas: header with the menu toggle, side menu, idle logout. */
export function SignedInLayout({
  area,
  home,
  menu,
  notice,
  sidebar,
  bottomNav,
  headerAction,
  menuHeader,
  menuActions,
  logoutLabel,
  persistentNav = false,
}: SignedInLayoutProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const location = useLocation();
  const navigation = useNavigation();
  const logout = useLogout();
  const navigate = useNavigate();
  // spec 1 §4: device registration and the communication language, once signed in.
  useDeviceRegistration();
  useCommunicationLanguage();
  // The menu remembers the location it was opened at: any navigation (starting or done) closes it
  // without an effect (spec 1 §2: closed at the start of every navigation).
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const opened = openedAt === location.key && navigation.state === 'idle';

  const header = (
    <header className="app-header">
      <Link className="app-header__name" to={home}>
        {config.appName}
      </Link>
      {headerAction ? <div className="app-header__actions">{headerAction}</div> : null}
      <button
        type="button"
        className="app-menu-button"
        aria-expanded={opened}
        onClick={() => {
          setOpenedAt(opened ? null : location.key);
        }}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" fill="currentColor" />
        </svg>
        {t('nav.openMenu')}
      </button>
    </header>
  );

  return (
    <MantineScope>
      <CommonLayout
        header={header}
        sidebar={sidebar ?? (persistentNav ? <PersistentNav items={menu} hidden={opened} /> : undefined)}
        bottomNav={bottomNav}
      >
        {notice}
        <Outlet />
        <LoadedWhen
          when={config.features.biometricLogin && biometricOfferQueued()}
          load={loadBiometricOffer}
          props={{}}
        />
        <LoadedWhen
          when={opened}
          load={loadSideMenu}
          props={{
            id: MENU_ID,
            opened,
            onClose: () => {
              setOpenedAt(null);
            },
            items: menu,
            ...(menuHeader ? { header: menuHeader } : {}),
            ...(logoutLabel ? { logoutLabel } : {}),
            onLogout: () => {
              setOpenedAt(null);
              void logout();
            },
            children: (
              <>
                {menuActions}
                <NotificationsButton />
                <InstallAppOffer />
              </>
            ),
          }}
        />
        <IdleWatch
          area={area}
          onTimeout={() => {
            // spec 2 §4 Idle time-out: a kiosk in self check-in mode goes back to its patient search
            // (features/check-in/kiosk-idle.ts); everyone else is logged out (spec 1 §1).
            void kioskIdleTimeout(config.variant).then((landing) =>
              landing ? navigate(landing, { replace: true }) : logout(),
            );
          }}
        />
      </CommonLayout>
    </MantineScope>
  );
}
