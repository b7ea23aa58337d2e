import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { forgetCachedSession, setSession } from '../lib/auth/session-store.ts';
import { renderRoutes } from '../test/render.tsx';
import { ROUTE_MAP } from './signed-in-route-map.ts';
import { PUBLIC_SCREENS } from './public-screens.ts';
import { buildAllRoutes, buildRoutes, createRouteDiscovery, screenLoadsOf } from './router.tsx';

function signIn(role: 'user' | 'provider') {
  setSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 600_000,
    user: {
      id: 'id-1',
      memberId: 'm-1',
      memberType: role === 'provider' ? 'doctor' : 'patient',
      role,
      isResetPasswordRequired: false,
      isSecurityQuestionEmpty: false,
    },
  });
}

async function landsOn(path: string, expected: string) {
  const { router } = renderRoutes(buildRoutes(), path, { patchRoutesOnNavigation: createRouteDiscovery() });
  // The first visit to a signed-in area loads its route table (a module import: slow on a busy machine).
  await waitFor(
    () => {
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(expected);
    },
    { timeout: 5000 },
  );
  return router;
}

describe('route map and guards (spec 1 §2)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    forgetCachedSession();
  });
  afterEach(() => {
    sessionStorage.clear();
    forgetCachedSession();
  });

  it('matches every route of the map to its own entry', async () => {
    const routes = await buildAllRoutes();
    for (const entry of ROUTE_MAP) {
      const concrete = entry.path.replace(':code', 'abc');
      const matches = matchRoutes(routes, concrete);
      expect(matches?.at(-1)?.route.path, concrete).not.toBe('*');
      expect(matches?.at(-1)?.route.handle, concrete).toEqual({ titleKey: entry.titleKey });
    }
  });

  it('sends a guest from the empty path to the landing page', async () => {
    await landsOn('/', '/guest/landing');
    expect(await screen.findByRole('link', { name: 'LOG IN' })).toHaveAttribute('href', '/guest/login');
  });

  it('sends signed-in people from the empty path to their default route', async () => {
    signIn('user');
    await landsOn('/', '/user/appointment');
  });

  it('sends unknown paths to the landing page', async () => {
    await landsOn('/no/such/screen', '/guest/landing');
    await landsOn('/user/no-such-screen', '/guest/landing');
  });

  it('sends a guest on a patient screen to log in and keeps urlAfterLogin', async () => {
    await landsOn('/user/documents?tab=2', '/guest/login');
    expect(sessionStorage.getItem('urlAfterLogin')).toBe('/user/documents?tab=2');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeDisabled();
  });

  it('sends a guest on a provider screen to the provider login with redirectTo', async () => {
    await landsOn('/provider/appointment', '/guest/provider-login?redirectTo=%2Fprovider%2Fappointment');
  });

  it('sends a patient on a provider screen back to their own default route', async () => {
    signIn('user');
    await landsOn('/provider/message', '/user/appointment');
  });

  it('sends a provider on a patient or guest screen to the provider default route', async () => {
    signIn('provider');
    await landsOn('/user/family', '/provider/appointment');
    await landsOn('/guest/login', '/provider/appointment');
  });

  it('opens the real Clinics screen of the patient side menu, not a placeholder (issue 16)', async () => {
    signIn('user');
    // The clinics list answers empty; every other call of the shell (the user, devices, counts) is
    // not found, as the browser checks answers only as far as the server already did (decision 0074).
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        Promise.resolve(
          String(input instanceof Request ? input.url : input).includes('/api/user/clinics')
            ? new Response(JSON.stringify({ clinics: [] }), { status: 200 })
            : new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 }),
        ),
      ),
    );
    try {
      await landsOn('/user/provider', '/user/provider');
      expect(await screen.findByRole('heading', { level: 1, name: 'Clinics' })).toBeInTheDocument();
      expect(await screen.findByText('You are not connected to any clinic yet.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Connect to another clinic' })).toHaveAttribute(
        'href',
        '/user/provider/connect',
      );
      expect(screen.queryByText('This screen arrives in a later release.')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends other recovery paths to their first step, keeping the query', async () => {
    await landsOn('/guest/forgot-password/nope?x=1', '/guest/forgot-password/username-step?x=1');
    await landsOn('/guest/forgot-username', '/guest/forgot-username/form-step');
  });

  it('shows the general pages with their texts', async () => {
    await landsOn('/self-closing', '/self-closing');
    expect(await screen.findByText("You're all set! Your connection was successful.")).toBeInTheDocument();
    await landsOn('/general/error-page', '/general/error-page');
    expect(await screen.findByText('Page not found!')).toBeInTheDocument();
  });

  it('sends an incomplete single sign-on to the guest login', async () => {
    await landsOn('/sso-login?auth_code=1', '/guest/login');
  });
});

describe('signed-in route discovery (decision 0056)', () => {
  function discoveryArgs(path: string, signal: AbortSignal) {
    const patch = vi.fn();
    return { patch, args: { path, signal, patch, matches: [], fetcherKey: undefined } };
  }

  it('patches an area once, and again after a navigation that was overtaken', async () => {
    const discover = createRouteDiscovery();
    const aborted = new AbortController();
    aborted.abort();
    const first = discoveryArgs('/provider/master-password', aborted.signal);
    await discover(first.args);
    expect(first.patch).not.toHaveBeenCalled();

    const second = discoveryArgs('/provider/master-password', new AbortController().signal);
    await discover(second.args);
    expect(second.patch).toHaveBeenCalledTimes(1);
    expect(second.patch.mock.calls[0]?.[0]).toBe('provider');

    const third = discoveryArgs('/provider/appointment', new AbortController().signal);
    await discover(third.args);
    expect(third.patch).not.toHaveBeenCalled();
  });

  it('leaves guest and general paths alone', async () => {
    const discover = createRouteDiscovery();
    const guest = discoveryArgs('/guest/login', new AbortController().signal);
    await discover(guest.args);
    expect(guest.patch).not.toHaveBeenCalled();
  });
});

describe('first screen preloading (decision 0062)', () => {
  it('names the layout and the screen of a guest path, the login screen last', () => {
    const loads = screenLoadsOf(buildRoutes(), '/guest/login');
    expect(loads).toHaveLength(2);
    expect(loads.at(-1)).toBe(PUBLIC_SCREENS.login);
  });

  it('names the area layout and the screen of a signed-in path once its routes are known', async () => {
    const routes = await buildAllRoutes();
    const loads = screenLoadsOf(routes, '/user/appointment');
    expect(loads.length).toBeGreaterThanOrEqual(2);
    const screen = (await loads.at(-1)?.()) as { Component?: unknown } | undefined;
    expect(typeof screen?.Component).toBe('function');
  });

  it('names nothing for a path no route matches', () => {
    expect(screenLoadsOf(buildRoutes(), '/user/appointment')).toEqual([]);
  });
});
