import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../../test/render.tsx';
import { PersistentNav } from './persistent-nav.tsx';
import { PATIENT_MENU, patientMenu } from './user-layout.tsx';

// The patient menu as a permanent side navigation on wide screens (decision 0051). Whether it shows at
// a width is CSS (checked at 1280 and 390 px in e2e/tests/patient-home.spec.ts).

function renderNav(path: string, hidden = false, items = PATIENT_MENU) {
  return renderRoutes([{ path: '*', element: <PersistentNav items={items} hidden={hidden} /> }], path);
}

describe('PersistentNav', () => {
  it('lists every patient menu entry and marks the current page', () => {
    renderNav('/user/message');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(PATIENT_MENU.length);
    expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Appointments' })).not.toHaveAttribute('aria-current');
    // The balance entry carries a query; it is still the current page on its path.
    expect(within(nav).getByRole('link', { name: 'Outstanding balance' })).toHaveAttribute(
      'href',
      '/user/outstanding-balance-list?cameFrom=login',
    );
  });

  it('marks the home only on the home itself, not on the booking below it', () => {
    renderNav('/user/appointment/create');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Appointments' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Schedule appointment' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('steps aside while the drawer menu is open: one main menu at a time, out of the tab order', () => {
    const { container } = renderNav('/user/appointment', true);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    const aside = container.querySelector('aside');
    expect(aside).toHaveAttribute('aria-hidden', 'true');
    expect(aside).toHaveAttribute('inert');
  });

  it('opens the external patient portal in a new tab and says so', () => {
    renderNav('/user/appointment', false, patientMenu('https://portal.example.com'));
    const portal = screen.getByRole('link', { name: /Patient portal/ });
    expect(portal).toHaveAttribute('target', '_blank');
    expect(portal).toHaveAccessibleName(/opens in a new tab/);
  });
});
