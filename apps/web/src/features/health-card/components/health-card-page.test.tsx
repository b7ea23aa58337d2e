import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { HealthCard } from '@app/contracts/health-card';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { AppConfigContext, setLoadedAppConfig } from '../../../lib/variant/app-config.ts';
import { createTestI18n, TEST_CONFIG } from '../../../test/render.tsx';
import { healthCardEn } from '../i18n/en.ts';
import { HealthCardPage } from './health-card-page.tsx';

const JANE = '11111111-1111-4111-8111-111111111111';
const CLINIC = '22222222-2222-4222-8222-222222222222';

const fullCard: HealthCard = {
  patient: {
    id: JANE,
    name: 'Jane Cooper',
    firstName: 'Jane',
    lastName: 'Cooper',
    birthdate: '1985-04-12',
    memberId: '10010001',
  },
  clinics: [
    {
      id: CLINIC,
      clinicNumber: 1001,
      name: 'Riverside Family Health',
      logo: null,
      location: { name: 'Midtown', address: '350 5th Ave', city: 'New York', state: 'NY' },
    },
  ],
  insurance: {
    primary: {
      kind: 'primary',
      payer: 'UnitedHealthcare',
      planName: 'Choice Plus PPO',
      memberNumber: 'UHC 904 417 226',
      policyHolderName: 'Jane Cooper',
      clinicName: 'Riverside Family Health',
    },
    secondary: null,
  },
};

function stubApi(answer: { status: number; body: unknown }) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return urls;
}

function renderPage() {
  const i18n = createTestI18n();
  i18n.addResourceBundle('en', 'healthCard', healthCardEn);
  setLoadedAppConfig(TEST_CONFIG);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <AppConfigContext value={TEST_CONFIG}>
            <HealthCardPage />
          </AppConfigContext>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe('Health card (issue 16, decision 0034)', () => {
  beforeEach(() => {
    forgetCachedSession();
    setSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 600_000,
      user: {
        id: JANE,
        memberId: '10010001',
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
    // jsdom has no 2D canvas; the QR component's own test decodes what it draws.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          createImageData: (width: number, height: number) => ({
            data: new Uint8ClampedArray(width * height * 4),
            width,
            height,
          }),
          putImageData: () => undefined,
          clearRect: () => undefined,
        }) as unknown as CanvasRenderingContext2D,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
    forgetCachedSession();
  });

  it('shows the member card: name, date of birth, member ID and its QR code, insurance and clinic', async () => {
    const urls = stubApi({ status: 200, body: fullCard });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Health card' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Member card of Jane Cooper' });
    expect(urls).toEqual(['/api/users/me/health-card']);
    const field = (name: string) => within(card).getByText(name).nextElementSibling;
    expect(field('Member')).toHaveTextContent('Jane Cooper');
    expect(field('Date of birth')).toHaveTextContent('April 12, 1985');
    expect(field('Member ID')).toHaveTextContent('10010001');
    expect(within(card).getByRole('img', { name: 'QR code of member ID 10010001' })).toBeInTheDocument();
    const primary = within(card).getByRole('region', { name: 'Primary insurance' });
    expect(primary).toHaveTextContent('UnitedHealthcare');
    expect(primary).toHaveTextContent('Choice Plus PPO');
    expect(primary).toHaveTextContent('UHC 904 417 226');
    expect(within(card).getByRole('region', { name: 'Secondary insurance' })).toHaveTextContent(
      'No secondary insurance on file.',
    );
    const clinic = within(card).getByRole('region', { name: 'Clinic' });
    expect(clinic).toHaveTextContent('Riverside Family Health');
    expect(clinic).toHaveTextContent('Clinic ID 1001');
    expect(clinic).toHaveTextContent('Midtown · 350 5th Ave · New York, NY');
    expect(within(card).getByText('Riverside Family Health', { selector: '.hc-card__clinic' })).toBeVisible();
  });

  it('does not repeat a city or state the stored address already holds', async () => {
    const clinic = fullCard.clinics[0];
    if (!clinic) {
      throw new Error('no clinic');
    }
    stubApi({
      status: 200,
      body: {
        ...fullCard,
        clinics: [
          {
            ...clinic,
            location: { name: 'Main', address: '120 River Road, Albany, NY 12207', city: null, state: 'NY' },
          },
        ],
      },
    });
    renderPage();
    const where = await screen.findByText(/^Main · /);
    expect(where).toHaveTextContent(/^Main · 120 River Road, Albany, NY 12207$/);
  });

  it('prints with the Print button', async () => {
    stubApi({ status: 200, body: fullCard });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'PRINT CARD' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says where to add insurance when none is on file, and when no clinic is', async () => {
    stubApi({
      status: 200,
      body: {
        ...fullCard,
        patient: { ...fullCard.patient, birthdate: null },
        clinics: [],
        insurance: { primary: null, secondary: null },
      },
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Member card of Jane Cooper' });
    expect(within(card).getByRole('region', { name: 'Insurance' })).toHaveTextContent(
      'No insurance on file — add it at your next check-in.',
    );
    expect(within(card).queryByRole('region', { name: 'Primary insurance' })).toBeNull();
    expect(within(card).getByText('Not connected to a clinic yet.')).toBeInTheDocument();
    expect(within(card).getByText('Not on file')).toBeInTheDocument();
    // Without a clinic the band names the app.
    expect(within(card).getByText(TEST_CONFIG.appName)).toBeInTheDocument();
  });

  it('says so when the card cannot be loaded', async () => {
    stubApi({ status: 500, body: { message: 'boom' } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your health card could not be loaded. Please try again.',
    );
    expect(screen.queryByRole('button', { name: 'PRINT CARD' })).toBeNull();
  });
});
