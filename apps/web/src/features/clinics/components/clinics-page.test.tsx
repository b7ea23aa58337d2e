import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PatientClinic } from '@app/contracts/clinic-invitations';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MemoryRouter } from 'react-router';
import { ClinicsPage, formatConnectedSince } from './clinics-page.tsx';

const riverside: PatientClinic = {
  clinicUuid: '11111111-1111-4111-8111-111111111111',
  name: 'Riverside Family Health',
  logo: null,
  connectedAt: '2026-03-02T12:00:00.000Z',
  locations: [
    { name: 'Lakeside Clinic', address: '45 Lakeshore Drive, Evanston, IL 60201', city: null, state: 'IL' },
    { name: 'Riverside Main Clinic', address: '120 River Road, Albany, NY 12207', city: null, state: 'NY' },
  ],
  bookable: true,
};
const hillcrest: PatientClinic = {
  clinicUuid: '22222222-2222-4222-8222-222222222222',
  name: 'Hillcrest Medical Group',
  logo: null,
  connectedAt: '2026-11-24T15:00:00.000Z',
  locations: [],
  bookable: false,
};

function stubList(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      ),
    ),
  );
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter>
      <ClinicsPage />
    </MemoryRouter>,
  );
}

describe('/user/provider: the clinics list (decision 0035)', () => {
  beforeEach(() => {
    forgetCachedSession();
    setSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 600_000,
      user: {
        id: 'p1',
        memberId: 'm1',
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCachedSession();
    sessionStorage.clear();
  });

  it('shows each clinic with its places, map links, connection date and a booking link where it books', async () => {
    stubList(200, { clinics: [riverside, hillcrest] });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Clinics' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Clinics' });
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(cards).toHaveLength(2);

    const first = cards[0] as HTMLElement;
    expect(
      within(first).getByRole('heading', { level: 2, name: 'Riverside Family Health' }),
    ).toBeInTheDocument();
    expect(
      within(first).getByText(`Connected since ${formatConnectedSince(riverside.connectedAt, 'en')}`),
    ).toBeInTheDocument();
    expect(within(first).getByText('120 River Road, Albany, NY 12207')).toBeInTheDocument();
    const map = within(first).getByRole('link', {
      name: 'Show on map: Riverside Main Clinic (opens in a new tab)',
    });
    expect(map).toHaveAttribute('href', expect.stringContaining('120%20River%20Road') as string);
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(first).getByRole('link', { name: 'Book a visit at Riverside Family Health' }),
    ).toHaveAttribute('href', `/user/appointment/create?clinicUuid=${riverside.clinicUuid}`);

    const second = cards[1] as HTMLElement;
    expect(
      within(second).getByRole('heading', { level: 2, name: 'Hillcrest Medical Group' }),
    ).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: /Book a visit/ })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Connect to another clinic' })).toHaveAttribute(
      'href',
      '/user/provider/connect',
    );
    // Renders and clicks through a whole screen: more than the default 5 s on a busy machine.
  }, 20_000);

  it('writes the connection date in the language of the screen', () => {
    expect(formatConnectedSince('2026-03-02T12:00:00.000Z', 'en')).toBe('March 2, 2026');
    expect(formatConnectedSince('2026-03-02T12:00:00.000Z', 'es')).toBe('2 de marzo de 2026');
  });

  it('says so when the patient belongs to no clinic, and when the list could not be loaded', async () => {
    stubList(200, { clinics: [] });
    const { unmount } = renderPage();
    expect(await screen.findByText('You are not connected to any clinic yet.')).toBeInTheDocument();
    unmount();
    stubList(500, { message: 'Oops… Something went wrong.' });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your clinics could not be loaded. Please try again.',
    );
  });
});
