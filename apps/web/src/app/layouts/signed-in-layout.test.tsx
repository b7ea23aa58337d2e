import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCachedSession, setSession } from '../../lib/auth/session-store.ts';
import { renderRoutes } from '../../test/render.tsx';
import { buildRoutes, createRouteDiscovery } from '../router.tsx';

// The layout and the screen load lazily (the icons and zod schemas with them): more than a second on a
// busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('signed-in layout (spec 1 §2)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    forgetCachedSession();
    setSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 600_000,
      user: {
        id: 'u1',
        memberId: 'm1',
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
  });
  afterEach(() => {
    sessionStorage.clear();
    forgetCachedSession();
  });

  // Loads the area's route table, the layout and two screens as modules: slow when the machine is busy.
  it(
    'has header, main and navigation landmarks and closes the side menu when a navigation starts',
    { timeout: 20_000 },
    async () => {
      const { router } = renderRoutes(buildRoutes(), '/user/appointment', {
        patchRoutesOnNavigation: createRouteDiscovery(),
      });
      const toggle = await screen.findByRole('button', { name: 'Open menu' }, { timeout: 8000 });
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('main')).toBeInTheDocument();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await userEvent.click(toggle);
      const menu = await screen.findByRole('dialog', { name: 'Menu' });
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();

      await userEvent.click(screen.getByRole('link', { name: 'Family' }));
      await waitFor(
        () => {
          expect(router.state.location.pathname).toBe('/user/family');
        },
        { timeout: 8000 },
      );
      await waitFor(
        () => {
          expect(menu).not.toBeInTheDocument();
        },
        { timeout: 8000 },
      );
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Family profiles' }, { timeout: 8000 }),
      ).toBeInTheDocument();
    },
  );
});
