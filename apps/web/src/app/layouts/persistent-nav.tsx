import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  IconBuildingHospital,
  IconCalendarEvent,
  IconCalendarPlus,
  IconCalendarRepeat,
  IconChartLine,
  IconExternalLink,
  IconFileText,
  IconHistory,
  IconId,
  IconLanguage,
  IconMessage,
  IconPoint,
  IconReceipt,
  IconSettings,
  IconSwitchHorizontal,
  IconUsers,
  type IconProps,
} from '@tabler/icons-react';
import type { TranslationKey } from '../../lib/i18n/en.ts';
import type { SignedInTextKey } from '../i18n/signed-in-en.ts';
import type { MenuItem } from './side-menu.tsx';

/** One icon per menu entry (tabler, docs/design.md); an entry without one gets a plain dot. */
const MENU_ICONS: Partial<Record<TranslationKey | SignedInTextKey, ComponentType<IconProps>>> = {
  'menu.appointments': IconCalendarEvent,
  'menu.messages': IconMessage,
  'menu.accountSettings': IconSettings,
  'menu.accessHistory': IconHistory,
  'menu.healthCard': IconId,
  'menu.documents': IconFileText,
  'menu.graphs': IconChartLine,
  'menu.family': IconUsers,
  'menu.clinics': IconBuildingHospital,
  'menu.language': IconLanguage,
  'menu.outstandingBalance': IconReceipt,
  'menu.changeAppointment': IconCalendarRepeat,
  'menu.scheduleAppointment': IconCalendarPlus,
  'menu.switchPatient': IconSwitchHorizontal,
  'menu.patientPortal': IconExternalLink,
};

interface PersistentNavProps {
  items: readonly MenuItem[];
  /**
   * The drawer menu is open: this copy steps aside (hidden, out of the tab order and the accessibility
   * tree) so there is one main menu at a time. The drawer covers it anyway.
   */
  hidden: boolean;
}

/**
 * The patient menu as a permanent side navigation on wide screens (≥ 1024 px, issue 18 item 2,
 * decision 0051); below that width it is not shown and the drawer menu is the navigation. It comes
 * after the header and before the main area, so the keyboard order is skip link, header, menu, screen.
 */
export function PersistentNav({ items, hidden }: PersistentNavProps) {
  const { t } = useTranslation();
  return (
    <aside
      className="persistent-nav"
      data-menu-open={hidden || undefined}
      aria-hidden={hidden || undefined}
      inert={hidden}
    >
      <nav aria-label={t('nav.mainMenu')}>
        <ul className="persistent-nav__list">
          {items.map((item) => {
            const Icon = MENU_ICONS[item.labelKey] ?? IconPoint;
            const icon = <Icon size={20} stroke={1.75} aria-hidden="true" className="persistent-nav__icon" />;
            return (
              <li key={item.to}>
                {item.external ? (
                  <a
                    className="persistent-nav__link"
                    href={item.to}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {icon}
                    <span>
                      {t(item.labelKey)}
                      <span className="app-visually-hidden"> {t('nav.opensInNewTab')}</span>
                    </span>
                  </a>
                ) : (
                  <NavLink className="persistent-nav__link" to={item.to} end>
                    {icon}
                    <span>{t(item.labelKey)}</span>
                  </NavLink>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
