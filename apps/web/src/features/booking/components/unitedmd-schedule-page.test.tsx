import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { TEST_CONFIG } from '../../../test/render.tsx';
import {
  CLINIC,
  fakeServer,
  provider,
  Providers,
  schedulingOptions,
  VISIT_TYPE,
} from './booking-test-utils.tsx';
import { bookingStartPath, UnitedMdSchedulePage } from './unitedmd-schedule-page.tsx';

// Decision 0037: /user/unitedmd-schedule, the UnitedMD app's scheduling start after sign-up.

const UNITED_MD = { ...TEST_CONFIG, variant: 'unitedmd' as const, appName: 'UnitedMD' };
const OTHER_CLINIC = '99999999-9999-4999-8999-999999999999';

const me = {
  id: 'u1',
  memberId: '123456789',
  memberType: 'patient',
  role: 'user',
  username: 'maria',
  firstName: 'Maria',
  lastName: 'Lopez',
  name: 'Maria Lopez',
  email: null,
  image: null,
  timezone: null,
  status: 'active',
  communicationLanguage: { isoCode: 'en' },
  isResetPasswordRequired: false,
  isSecurityQuestionEmpty: false,
  providerPermissions: [],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPage(clinics: { clinicUuid: string; clinicName: string }[]) {
  const server = fakeServer(({ path, query }) => {
    if (path === '/api/me') {
      return { body: me };
    }
    if (path === '/api/scheduling/clinics') {
      return { body: { clinics } };
    }
    if (path === `/api/clinics/${CLINIC}/scheduling-options`) {
      return { body: schedulingOptions() };
    }
    if (path === `/api/clinics/${OTHER_CLINIC}/scheduling-options`) {
      return {
        body: schedulingOptions({ clinicUuid: OTHER_CLINIC, clinicName: 'Hillside', visitTypes: [] }),
      };
    }
    if (path === '/api/scheduling/providers') {
      return {
        body: {
          providers:
            query.get('clinicUuid') === CLINIC
              ? [provider, { ...provider, id: 'p2', name: 'Dr. Dana Lee', timeslotList: [] }]
              : [],
        },
      };
    }
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/user/unitedmd-schedule', element: <UnitedMdSchedulePage /> },
      { path: '/user/appointment/create', element: <Where /> },
      { path: '/user/appointment', element: <Where /> },
    ],
    { initialEntries: ['/user/unitedmd-schedule'] },
  );
  render(
    <Providers config={UNITED_MD}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// The page parses answers with contract schemas it imports on demand; load them once up front, so a
// busy machine's first import does not eat a test's waiting time.
beforeAll(async () => {
  await Promise.all([import('@app/contracts/auth'), import('@app/contracts/scheduling')]);
}, 60_000);

const FIRST = { timeout: 10_000 };

describe('UnitedMD scheduling start (decision 0037)', { timeout: 20_000 }, () => {
  it('welcomes the patient by name and shows the clinic’s visit kinds and providers', async () => {
    renderPage([{ clinicUuid: CLINIC, clinicName: 'Riverside' }]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to UnitedMD, Maria' }),
    ).toBeVisible();
    expect(await screen.findByText(/Book your first visit with Riverside/)).toBeVisible();
    const kinds = await screen.findByRole('region', { name: 'What kind of visit do you need?' }, FIRST);
    expect(within(kinds).getByRole('link', { name: 'Book: In person' })).toHaveAttribute(
      'href',
      `/user/appointment/create?clinicUuid=${CLINIC}&visitTypeId=${VISIT_TYPE}`,
    );
    const providers = screen.getByRole('region', { name: 'Our providers' });
    expect(
      await within(providers).findByRole('heading', { level: 3, name: 'Dr. Alex Smith' }, FIRST),
    ).toBeVisible();
    expect(within(providers).getByText('Next available: Tue, Nov 24, 9:00 AM EST')).toBeVisible();
    expect(within(providers).getByText('No open times in the coming weeks')).toBeVisible();
    // No clinic choice with one clinic.
    expect(screen.queryByLabelText('Clinic')).toBeNull();
  });

  it('leads into the booking flow’s first step at the clinic', async () => {
    renderPage([{ clinicUuid: CLINIC, clinicName: 'Riverside' }]);
    await userEvent.click(await screen.findByRole('link', { name: 'Schedule an appointment' }, FIRST));
    expect(await screen.findByTestId('where')).toHaveTextContent(
      `/user/appointment/create?clinicUuid=${CLINIC}`,
    );
  });

  it('skips to the appointment list', async () => {
    renderPage([{ clinicUuid: CLINIC, clinicName: 'Riverside' }]);
    await userEvent.click(await screen.findByRole('link', { name: 'Skip for now' }, FIRST));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/user\/appointment$/);
  });

  it('lets a patient of several clinics choose where to book', async () => {
    renderPage([
      { clinicUuid: CLINIC, clinicName: 'Riverside' },
      { clinicUuid: OTHER_CLINIC, clinicName: 'Hillside' },
    ]);
    await userEvent.selectOptions(await screen.findByLabelText('Clinic', {}, FIRST), OTHER_CLINIC);
    expect(await screen.findByText(/Book your first visit with Hillside/, {}, FIRST)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Schedule an appointment' })).toHaveAttribute(
      'href',
      `/user/appointment/create?clinicUuid=${OTHER_CLINIC}`,
    );
    expect(
      await screen.findByText('No provider takes appointments online at the moment.', {}, FIRST),
    ).toBeVisible();
  });

  it('says so when the patient belongs to no clinic, and still offers to skip', async () => {
    renderPage([]);
    expect(
      await screen.findByText(
        'You are not registered at a clinic yet. Please contact our office to schedule an appointment.',
        {},
        FIRST,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Schedule an appointment' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Skip for now' })).toHaveAttribute('href', '/user/appointment');
  });

  it('builds booking start paths', () => {
    expect(bookingStartPath(null)).toBe('/user/appointment/create');
    expect(bookingStartPath(CLINIC, VISIT_TYPE)).toBe(
      `/user/appointment/create?clinicUuid=${CLINIC}&visitTypeId=${VISIT_TYPE}`,
    );
  });
});
