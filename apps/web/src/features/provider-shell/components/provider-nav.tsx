import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProviderWorkspace } from '@app/contracts/provider-workspace';
import { passesGate } from '../../../lib/provider/provider-workspace.ts';
import { useCounter } from '../api/get-counter.ts';
import {
  FOOTER_TABS,
  isNavItemActive,
  isSidebarCollapsed,
  SIDEBAR_ITEMS,
  sidebarWidth,
  type NavItem,
} from '../nav-items.ts';
import { ShellIconGlyph } from './shell-icon.tsx';

function NavEntry({
  item,
  workspace,
  compact,
}: {
  item: NavItem;
  workspace: ProviderWorkspace;
  compact: boolean;
}) {
  const { t } = useTranslation('providerShell');
  const { pathname } = useLocation();
  const counter = useCounter(item.counter, workspace.clinicId, item.counter !== undefined);
  // spec 3 §2: a red dot when the count is above zero. Items without a counter never have one (their
  // disabled query would otherwise read the cached count of another counter).
  const dot = item.counter !== undefined && (counter.data ?? 0) > 0;
  const active = isNavItemActive(item, pathname);
  // The footer tab shows its short name (nav-items.ts); the sidebar the full one.
  const label = t((item.shortLabel ?? item.label) as 'schedule');
  return (
    <li>
      <Link
        to={item.to}
        className="provider-nav__link"
        aria-current={active ? 'page' : undefined}
        title={compact ? label : undefined}
      >
        <span className="provider-nav__icon">
          <ShellIconGlyph name={item.icon} />
          {dot ? <span className="provider-nav__dot" data-testid={`dot-${item.id}`} /> : null}
        </span>
        <span className={compact ? 'app-visually-hidden' : 'provider-nav__label'}>
          {label}
          {dot ? <span className="app-visually-hidden">, {t('newItems')}</span> : null}
        </span>
      </Link>
    </li>
  );
}

/** spec 3 §2 Provider sidebar: items whose permission and module both hold, with red dots. */
export function ProviderSidebar({
  workspace,
  width,
  onToggle,
}: {
  workspace: ProviderWorkspace;
  width: number;
  onToggle: () => void;
}) {
  const { t } = useTranslation('providerShell');
  const collapsed = isSidebarCollapsed(width);
  return (
    <aside className="provider-sidebar" style={{ width: sidebarWidth(width) }} data-collapsed={collapsed}>
      <nav aria-label={t('sidebarLabel')}>
        <ul className="provider-nav">
          {SIDEBAR_ITEMS.filter((item) => passesGate(workspace, item.gate)).map((item) => (
            <NavEntry key={item.id} item={item} workspace={workspace} compact={collapsed} />
          ))}
        </ul>
      </nav>
      <button
        type="button"
        className="provider-sidebar__toggle"
        aria-label={collapsed ? t('expand') : t('collapse')}
        aria-expanded={!collapsed}
        onClick={onToggle}
      >
        <ShellIconGlyph name="collapse" flipped={collapsed} />
      </button>
    </aside>
  );
}

/** spec 3 §2 footer tabs of the mobile layout, with the unread and new-alert dots. */
export function ProviderFooterTabs({ workspace }: { workspace: ProviderWorkspace }) {
  const { t } = useTranslation('providerShell');
  return (
    <nav className="provider-footer-tabs" aria-label={t('footerLabel')}>
      <ul className="provider-nav provider-nav--row">
        {FOOTER_TABS.filter((item) => passesGate(workspace, item.gate)).map((item) => (
          <NavEntry key={item.id} item={item} workspace={workspace} compact={false} />
        ))}
      </ul>
    </nav>
  );
}
