import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ExternalWidgets } from '../../features/external-widgets/external-widgets.tsx';
import {
  MOBILE_MAX_WIDTH,
  pageActionOf,
  SIDEBAR_COLLAPSE_AT,
  SIDEBAR_EXPANDED_WIDTH,
} from '../../features/provider-shell/nav-items.ts';
import {
  ProviderFooterTabs,
  ProviderSidebar,
} from '../../features/provider-shell/components/provider-nav.tsx';
import {
  ProviderMenuActions,
  ProviderMenuHeader,
} from '../../features/provider-shell/components/provider-menu.tsx';
import { ShellIconGlyph } from '../../features/provider-shell/components/shell-icon.tsx';
import { useCounterEvents } from '../../features/provider-shell/use-counter-events.ts';
import { passesGate, useProviderWorkspace } from '../../lib/provider/provider-workspace.ts';
import { SignedInLayout } from './signed-in-layout.tsx';
import { isSingleHeaderPath, SingleHeaderLayout } from './single-header-layout.tsx';
import type { MenuItem } from './side-menu.tsx';

/** The account pages stay in the menu; the workspace itself is in the sidebar and footer tabs. */
const ACCOUNT_MENU: MenuItem[] = [
  { to: '/provider/security', labelKey: 'menu.security' },
  { to: '/provider/account-settings', labelKey: 'menu.accountSettings' },
];

/** spec 3 §2 "A header page-action icon varies by route". */
function PageAction() {
  const { t } = useTranslation('providerShell');
  const { pathname } = useLocation();
  const { data: workspace } = useProviderWorkspace();
  const action = pageActionOf(pathname, workspace?.permissions);
  // Not a link to the screen already open (the look-up sits below /provider/appointment).
  if (!action || !workspace || !passesGate(workspace, action.gate) || action.to === pathname) {
    return null;
  }
  const label = t(action.label as 'actionSchedule');
  return (
    <Link to={action.to} className="app-menu-button" aria-label={label} title={label}>
      <ShellIconGlyph name={action.icon} />
    </Link>
  );
}

/**
 * The provider area's layout: the shell, or the single-header layout on /provider/single-header/
 * (issue 17 item 6, decision 0045).
 */
export function ProviderLayout() {
  const { pathname } = useLocation();
  return isSingleHeaderPath(pathname) ? <SingleHeaderLayout /> : <ProviderShellLayout />;
}

/** spec 3 §2 provider shell: sidebar (default layout), footer tabs (mobile layout), side menu. */
function ProviderShellLayout() {
  const { t } = useTranslation('providerShell');
  const { data: workspace } = useProviderWorkspace();
  // spec 3 §9 mobile screen width 768: the footer tabs and the mobile menu below it.
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`, false);
  const [width, setWidth] = useState(SIDEBAR_EXPANDED_WIDTH);
  useCounterEvents(workspace?.clinicId ?? null, workspace?.providerId ?? null);
  return (
    <>
      <ExternalWidgets />
      <SignedInLayout
        area="provider"
        home="/provider/appointment"
        menu={ACCOUNT_MENU}
        logoutLabel={t('menuLogOut')}
        headerAction={<PageAction />}
        {...(workspace
          ? {
              sidebar: mobile ? undefined : (
                <ProviderSidebar
                  workspace={workspace}
                  width={width}
                  onToggle={() => {
                    setWidth((current) =>
                      current <= SIDEBAR_COLLAPSE_AT ? SIDEBAR_EXPANDED_WIDTH : SIDEBAR_COLLAPSE_AT,
                    );
                  }}
                />
              ),
              bottomNav: mobile ? <ProviderFooterTabs workspace={workspace} /> : undefined,
              menuHeader: <ProviderMenuHeader workspace={workspace} />,
              menuActions: (
                <ProviderMenuActions
                  workspace={workspace}
                  mobile={mobile}
                  supportUrl={workspace.supportUrl ?? 'mailto:support@example.com'}
                />
              ),
            }
          : {})}
      />
    </>
  );
}
