import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEndedState } from '../../../lib/auth/session-events.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';
import { ProviderLoginPage } from './provider-login-page.tsx';

afterEach(() => {
  cleanup();
});

const routes = [
  { path: '/guest/login', Component: LoginPage },
  { path: '/guest/provider-login', Component: ProviderLoginPage },
  { path: '/guest/landing', element: <p>Landing</p> },
];
const sessionEnded: SessionEndedState = { sessionEnded: true };

describe('the login screens after a lost session (decision 0064)', () => {
  it('says the session ended when the app sent the person here for that, on either login', async () => {
    const { router } = renderRoutes(routes, '/guest/landing');
    await act(() => router.navigate('/guest/login', { state: sessionEnded }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to MyCarePlan' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please log in again.');

    await act(() =>
      router.navigate('/guest/provider-login?redirectTo=%2Fprovider%2Fpatients', { state: sessionEnded }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider log in' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please log in again.');
  });

  it('says nothing of the kind on an ordinary visit', async () => {
    renderRoutes(routes, '/guest/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to MyCarePlan' })).toBeVisible();
    expect(screen.queryByText('Your session has ended. Please log in again.')).toBeNull();
  });
});
