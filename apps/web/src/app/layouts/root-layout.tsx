import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_MODE_SELF_CHECK_IN } from '@app/contracts/variants';
import { CHECK_IN_AUTO_LOGOUT_MS } from '@app/contracts/session';
import { useLogout } from '../../features/auth/api/logout-session.ts';
import { getSession } from '../../lib/auth/session-store.ts';
import { readItem } from '../../lib/storage/browser-storage.ts';
import { LOCAL_KEYS } from '../../lib/storage/storage-keys.ts';
import { useAppConfig } from '../../lib/variant/app-config.ts';
import { titleWithBadge, useTitleBadge } from '../../lib/page-title/title-badge.ts';
import { useRouteTitleKey } from '../route-handle.ts';
import { GlobalLoader } from './global-loader.tsx';

/** Page title per route (WCAG 2.4.2): "<screen> | <app name>". */
function usePageTitle(): void {
  const { t } = useTranslation();
  const { appName } = useAppConfig();
  const titleKey = useRouteTitleKey();
  // A screen's count in front (the waiting room's waiting patients, decision 0052).
  const badge = useTitleBadge();
  useEffect(() => {
    const title = titleKey ? `${t(titleKey)}${t('app.titleSeparator')}${appName}` : appName;
    document.title = titleWithBadge(title, badge);
  }, [t, titleKey, appName, badge]);
}

/** After a client-side navigation, focus goes to the new screen's h1 so screen readers follow. */
function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  // Compared with the last path rather than "first render": React's strict mode runs effects twice.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) {
      return;
    }
    shown.current = pathname;
    const heading = document.querySelector<HTMLElement>('main h1');
    (heading ?? document.querySelector<HTMLElement>('main'))?.focus();
  }, [pathname]);
}

/**
 * spec 1 §1, §9: the check-in app and the stored selfCheckIn app mode log out 1000 ms after start.
 * Only a signed-in session is ended; a guest at the kiosk is left where they are.
 */
function useCheckInAutoLogout(): void {
  const { variant } = useAppConfig();
  const logout = useLogout();
  useEffect(() => {
    const kiosk = variant === 'check-in' || readItem('local', LOCAL_KEYS.appMode) === APP_MODE_SELF_CHECK_IN;
    if (!kiosk) {
      return undefined;
    }
    const timer = setTimeout(() => {
      if (getSession()) {
        void logout();
      }
    }, CHECK_IN_AUTO_LOGOUT_MS);
    return () => {
      clearTimeout(timer);
    };
    // Once per start of the app, not per navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The root of every route: title, focus, kiosk logout, global loader. */
export function RootLayout() {
  usePageTitle();
  useFocusOnNavigation();
  useCheckInAutoLogout();
  return (
    <>
      <GlobalLoader />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
