import { Link, Outlet } from 'react-router';
import { useLogout } from '../../features/auth/api/logout-session.ts';
import { useCommunicationLanguage } from '../../features/language/use-communication-language.ts';
import { useAppConfig } from '../../lib/variant/app-config.ts';
import { CommonLayout } from './common-layout.tsx';
import { IdleWatch } from './idle-watch.tsx';
import { MantineScope } from './mantine-scope.tsx';

export const SINGLE_HEADER_PREFIX = '/provider/single-header';

export function isSingleHeaderPath(pathname: string): boolean {
  return pathname === SINGLE_HEADER_PREFIX || pathname.startsWith(`${SINGLE_HEADER_PREFIX}/`);
}

/**
 * spec 3 §2 /provider/single-header/ (issue 17 item 6, decision 0045): Secure Messaging in a layout
 * with a single header — the app's name and nothing else: no sidebar, footer tabs or side menu, for a
 * frame or a small window beside another system. The idle logout of the provider area still applies.
 */
export function SingleHeaderLayout() {
  const config = useAppConfig();
  const logout = useLogout();
  useCommunicationLanguage();
  const header = (
    <header className="app-header">
      <Link className="app-header__name" to={`${SINGLE_HEADER_PREFIX}/message`}>
        {config.appName}
      </Link>
    </header>
  );
  return (
    <MantineScope>
      <CommonLayout header={header}>
        <Outlet />
        <IdleWatch
          area="provider"
          onTimeout={() => {
            void logout();
          }}
        />
      </CommonLayout>
    </MantineScope>
  );
}
