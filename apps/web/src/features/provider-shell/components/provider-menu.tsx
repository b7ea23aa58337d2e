import { Avatar, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProviderWorkspace } from '@app/contracts/provider-workspace';
import { activeModules, passesGate } from '../../../lib/provider/provider-workspace.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { isBrowserExtensionApp } from '../../../lib/variant/variant-traits.ts';
import { requestOAuthCode } from '../../sso/api/request-oauth-code.ts';
import { adminSiteUrl, requestAdminCode } from '../api/request-admin-code.ts';

/** spec 3 §2 side menu head: the account avatar, name and {email}. */
export function ProviderMenuHeader({ workspace }: { workspace: ProviderWorkspace }) {
  return (
    <div className="provider-menu__account">
      <Avatar src={workspace.image} alt="" radius="xl" size="lg" />
      <div>
        <Text fw={700}>{workspace.name}</Text>
        {workspace.email ? <Text size="sm">{workspace.email}</Text> : null}
      </div>
    </div>
  );
}

/**
 * spec 3 §2 ANALYTICS / ADMIN SETTINGS: the provider admin site opens in a new window with a one-time
 * code. The window is opened on the click itself (browsers block windows opened after an await) and
 * pointed at the site once the code arrives.
 */
function AdminSiteButton({
  workspace,
  redirectTo,
  label,
}: {
  workspace: ProviderWorkspace;
  redirectTo: 'analytics' | 'settings';
  label: string;
}) {
  const { t } = useTranslation('providerShell');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setError(null);
    const target = window.open('', '_blank');
    if (!target) {
      setError(t('popupBlocked'));
      return;
    }
    target.opener = null;
    // spec 3 §6: company admins get the clinic-scoped code, other providers the plain one.
    const type = workspace.permissions.includes('COMPANY_ADMIN')
      ? 'doctor-clinic-provider-admin'
      : 'doctor-provider-admin';
    requestAdminCode({ type, redirectTo, clinicUuid: workspace.clinicId })
      .then((response) => {
        target.location.href = adminSiteUrl(response, redirectTo);
      })
      .catch(() => {
        target.close();
        setError(t('adminSiteFailed'));
      });
  };
  return (
    <li>
      <button type="button" className="app-nav-link provider-menu__button" onClick={open}>
        {label} <span className="app-visually-hidden">{t('opensInNewWindow')}</span>
      </button>
      {error ? (
        <Text role="alert" size="sm" c="red.9">
          {error}
        </Text>
      ) : null}
    </li>
  );
}

/**
 * spec 3 §2 "Open in Browser appears only in the browser extension" (issue 17 item 7, decision 0046):
 * the portal opens in a normal tab, signed in as the same provider by a one-time code (spec 1 §2
 * oauth-code/{code}). The tab is opened on the click (browsers block windows opened after an await)
 * and pointed at the code's address once it arrives; it cannot reach back into the extension.
 */
function OpenInBrowserButton() {
  const { t } = useTranslation('providerShell');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setError(null);
    const target = window.open('', '_blank');
    if (!target) {
      setError(t('popupBlocked'));
      return;
    }
    target.opener = null;
    requestOAuthCode(window.location.origin)
      .then((answer) => {
        target.location.href = answer.redirectUrl;
      })
      .catch(() => {
        target.close();
        setError(t('openInBrowserFailed'));
      });
  };
  return (
    <li>
      <button type="button" className="app-nav-link provider-menu__button" onClick={open}>
        {t('menuOpenInBrowser')} <span className="app-visually-hidden">{t('opensInNewWindow')}</span>
      </button>
      {error ? (
        <Text role="alert" size="sm" c="red.9">
          {error}
        </Text>
      ) : null}
    </li>
  );
}

/**
 * spec 3 §2 side menu items: SUPPORT, ANALYTICS (module), MASTER PASSWORD, ADMIN SETTINGS (SETTING),
 * WAIT TIMES (WAIT_TIMES); in the mobile layout TRACKER, BULK MESSAGING and MASTER PASSWORD.
 * LOG OUT is the menu's own button.
 */
export function ProviderMenuActions({
  workspace,
  mobile,
  supportUrl,
}: {
  workspace: ProviderWorkspace;
  mobile: boolean;
  supportUrl: string;
}) {
  const { t } = useTranslation('providerShell');
  const extension = isBrowserExtensionApp(useAppConfig().variant);
  if (mobile) {
    return (
      <ul className="app-nav-list provider-menu">
        {extension ? <OpenInBrowserButton /> : null}
        {passesGate(workspace, { permission: 'PATIENT_NAVIGATION', module: 'PATIENT_NAVIGATION' }) ? (
          <li>
            <Link className="app-nav-link" to="/provider/patient-navigation">
              {t('menuTracker')}
            </Link>
          </li>
        ) : null}
        {passesGate(workspace, { permission: 'BULK_MESSAGING', module: 'BULK_MESSAGING' }) ? (
          <li>
            <Link className="app-nav-link" to="/provider/bulk-message">
              {t('menuBulkMessaging')}
            </Link>
          </li>
        ) : null}
        <li>
          <Link className="app-nav-link" to="/provider/master-password">
            {t('menuMasterPassword')}
          </Link>
        </li>
      </ul>
    );
  }
  return (
    <ul className="app-nav-list provider-menu">
      {extension ? <OpenInBrowserButton /> : null}
      <li>
        <a className="app-nav-link" href={supportUrl} target="_blank" rel="noopener noreferrer">
          {t('menuSupport')} <span className="app-visually-hidden">{t('opensInNewWindow')}</span>
        </a>
      </li>
      {activeModules(workspace).includes('ANALYTICS') ? (
        <AdminSiteButton workspace={workspace} redirectTo="analytics" label={t('menuAnalytics')} />
      ) : null}
      <li>
        <Link className="app-nav-link" to="/provider/master-password">
          {t('menuMasterPassword')}
        </Link>
      </li>
      {workspace.permissions.includes('SETTING') ? (
        <AdminSiteButton workspace={workspace} redirectTo="settings" label={t('menuAdminSettings')} />
      ) : null}
      {workspace.permissions.includes('WAIT_TIMES') ? (
        <li>
          <Link className="app-nav-link" to="/provider/wait-times">
            {t('menuWaitTimes')}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
