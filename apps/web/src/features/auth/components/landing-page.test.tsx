import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { RouteHandle } from '../../../app/route-handle.ts';
import { renderRoutes, TEST_CONFIG } from '../../../test/render.tsx';
import { LandingPage } from './landing-page.tsx';

function renderLanding(handle: RouteHandle, config = TEST_CONFIG) {
  return renderRoutes([{ path: '/guest/landing', handle, Component: LandingPage }], '/guest/landing', {
    config,
  });
}

afterEach(() => {
  cleanup();
});

describe('LandingPage (spec 1 §2: text and logo from route data, with defaults)', () => {
  it('shows the defaults when the route carries no landing data', async () => {
    renderLanding({ titleKey: 'route.guest.landing' });
    expect(
      await screen.findByText('Your care, your appointments and your care team in one place.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LOG IN' })).toHaveAttribute('href', '/guest/login');
    // Sign-up follows the variant: TEST_CONFIG has it on.
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/guest/sign-up');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('takes tagline, logo and sign-up visibility from the route data', async () => {
    renderLanding({
      titleKey: 'route.guest.landing',
      landing: { taglineKey: 'route.guest.landing', logo: '/files/route-logo.png', showSignUp: false },
    });
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(screen.queryByText('Your care, your appointments and your care team in one place.')).toBeNull();
    expect(screen.getByRole('img', { name: /MyCarePlan/ })).toHaveAttribute('src', '/files/route-logo.png');
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('route data can show the sign-up button where the variant hides it', async () => {
    renderLanding(
      { titleKey: 'route.guest.landing', landing: { showSignUp: true } },
      { ...TEST_CONFIG, features: { ...TEST_CONFIG.features, signUp: false } },
    );
    expect(await screen.findByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('the clinic logo stays when the route sets none', async () => {
    renderLanding(
      { titleKey: 'route.guest.landing', landing: { showSignUp: false } },
      { ...TEST_CONFIG, branding: { ...TEST_CONFIG.branding, logo: '/files/clinic.png' } },
    );
    expect(await screen.findByRole('img', { name: /MyCarePlan/ })).toHaveAttribute(
      'src',
      '/files/clinic.png',
    );
  });

  it('in the quick-link app tells a visitor without a link to open it, and offers the login (decision 0037)', async () => {
    renderLanding(
      { titleKey: 'route.guest.landing' },
      { ...TEST_CONFIG, variant: 'quick-link', features: { ...TEST_CONFIG.features, signUp: false } },
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Open the link from your text message or email' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your care, your appointments and your care team in one place.')).toBeNull();
    expect(screen.getByText('Have a username and password? Log in instead.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LOG IN' })).toHaveAttribute('href', '/guest/login');
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});
