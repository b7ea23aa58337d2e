import { Button, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../lib/i18n/en.ts';
import type { SignedInTextKey } from '../i18n/signed-in-en.ts';

export interface MenuItem {
  to: string;
  labelKey: TranslationKey | SignedInTextKey;
  /** A site outside the app (spec 1 §2 external patient portal): opens in a new tab. */
  external?: boolean;
}

interface SideMenuProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  items: readonly MenuItem[];
  onLogout: () => void;
  /** Extra actions under the links (e.g. turning on notifications). */
  children?: ReactNode;
  /** Above the links (the provider's avatar, name and email, spec 3 §2). */
  header?: ReactNode;
  /** The log-out button's text (the provider menu says LOG OUT). */
  logoutLabel?: string;
}

/** The side menu (spec 1 §2): toggled by the user, closed at the start of every navigation. */
export function SideMenu({
  id,
  opened,
  onClose,
  items,
  onLogout,
  children,
  header,
  logoutLabel,
}: SideMenuProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      title={t('nav.menuTitle')}
      position="left"
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      // Appears at once: no half-transparent frames for a reader (or an automated contrast check).
      transitionProps={{ duration: 0 }}
    >
      {header}
      <nav aria-label={t('nav.mainMenu')}>
        <ul className="app-nav-list">
          {items.map((item) => (
            <li key={item.to}>
              {item.external ? (
                <a className="app-nav-link" href={item.to} target="_blank" rel="noopener noreferrer">
                  {t(item.labelKey)}
                  <span className="app-visually-hidden"> {t('nav.opensInNewTab')}</span>
                </a>
              ) : (
                <NavLink className="app-nav-link" to={item.to} end>
                  {t(item.labelKey)}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {children}
      <Button mt="lg" variant="outline" fullWidth onClick={onLogout}>
        {logoutLabel ?? t('nav.logout')}
      </Button>
    </Drawer>
  );
}
