import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppointmentListItem, AppointmentListResponse } from '@app/contracts/provider-appointments';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ProviderRouteGuard } from '../../../app/guards/provider-route-guard.tsx';
import { AppointmentsListPage } from './appointments-list-page.tsx';

// Decision 0039: /provider/appointments — the table, the gates, the filters in the URL, the pages.

const CLINIC = '11111111-1111-4111-8111-111111111111';
const SMITH = '22222222-2222-4222-8222-222222222222';
const PATEL = '33333333-3333-4333-8333-333333333333';

function item(id: number, overrides: Partial<AppointmentListItem> = {}): AppointmentListItem {
  return {
    appointmentId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    appointmentStartAt: '2026-11-25T18:00:00-05:00',
    appointmentFinishAt: '2026-11-25T18:15:00-05:00',
    timezone: 'America/New_York',
    type: 'office',
    doctorId: SMITH,
    doctorName: 'Alice Smith',
    doctorTitle: 'MD',
    doctorImage: null,
    departmentUuid: '44444444-4444-4444-8444-444444444444',
    departmentName: 'Riverside Main Clinic',
    locationName: 'Springfield',
    patientId: `55555555-5555-4555-8555-${String(id).padStart(12, '0')}`,
    patientName: `Patient ${String(id)}`,
    patientImage: null,
    patientBirthdate: null,
    appointmentTitle: 'Follow-up',
    visitStatus: null,
    patientStatus: null,
    lastMarkedAsCalledInAt: null,
    lastQuickLinkSentAt: null,
    reminderSentAt: null,
    isPreCheckIn: false,
    hasUndoneTasks: false,
    isNewCheckIn: false,
    hasAnsweredQuestionnaires: false,
    hasSignedDocuments: false,
    patientBalance: null,
    clinicUuid: CLINIC,
    consultationTypeId: '66666666-6666-4666-8666-666666666666',
    isInWaitList: false,
    canJoinWaitList: false,
    isCancellable: true,
    allowVideoCall: false,
    videoCallStatus: null,
    status: 'booked',
    day: 'future',
    ...overrides,
  };
}

function answer(query: URLSearchParams): AppointmentListResponse {
  const page = Number(query.get('page') ?? '1');
  const rows = [
    item(1, { type: 'video_call', status: 'confirmed', appointmentTitle: 'Telehealth visit' }),
    item(2, { doctorId: PATEL, doctorName: 'Priya Patel', status: 'cancelled', isCancellable: false }),
  ];
  return {
    from: query.get('from') ?? '2026-11-24',
    to: query.get('to') ?? '2026-12-01',
    today: '2026-11-24',
    minDate: '2025-11-24',
    maxDate: '2027-11-24',
    timezone: 'America/New_York',
    page,
    pageSize: 25,
    total: 27,
    appointments: page === 1 ? rows : [item(26), item(27)],
  };
}

function stubApi(permissions: string[], failWith?: { status: number; message: string }) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url);
      let status = 200;
      let body: unknown = [];
      if (url.pathname === '/api/provider/workspace') {
        body = {
          providerId: '77777777-7777-4777-8777-777777777777',
          name: 'Alice Smith',
          firstName: 'Alice',
          email: null,
          image: null,
          permissions,
          clinicId: CLINIC,
          clinics: [{ id: CLINIC, name: 'Riverside Family Health', modules: [] }],
        };
      } else if (url.pathname.endsWith('/providers')) {
        body = [
          { id: SMITH, name: 'Alice Smith, MD', aclRole: 'provider' },
          { id: PATEL, name: 'Priya Patel, MD', aclRole: 'provider' },
        ];
      } else if (url.pathname.endsWith('/appointments')) {
        if (failWith) {
          status = failWith.status;
          body = { message: failWith.message };
        } else {
          body = answer(url.searchParams);
        }
      }
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return calls;
}

const listCalls = (calls: URL[]) => calls.filter((url) => url.pathname.endsWith(`${CLINIC}/appointments`));

/** As the router mounts it: behind the one provider route guard (PROVIDER_ROUTE_GATES). */
function open(path = '/provider/appointments') {
  return renderRoutes(
    [
      {
        path: '/provider/appointments',
        handle: { titleKey: 'route.provider.appointments' },
        element: (
          <ProviderRouteGuard path="/provider/appointments">
            <AppointmentsListPage />
          </ProviderRouteGuard>
        ),
      },
    ],
    path,
  );
}

// Mantine's form and a lazily loaded contract: slow under load, hence the longer waits.
describe('the clinic appointment list page (decision 0039)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    forgetCachedSession();
    setSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 600_000,
      user: {
        id: 'd1',
        memberId: 'm1',
        memberType: 'doctor',
        role: 'provider',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    forgetCachedSession();
  });

  it('shows a captioned table with column and row headers, and patient links with PATIENT', async () => {
    stubApi(['APPOINTMENTS', 'PATIENT']);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointments' })).toBeInTheDocument();
    const table = await screen.findByRole(
      'table',
      { name: 'Appointments from Tue, Nov 24, 2026 to Tue, Dec 1, 2026, page 1 of 2' },
      { timeout: 10_000 },
    );
    for (const name of ['Date and time', 'Patient', 'Provider', 'Department', 'Status', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name })).toHaveAttribute('scope', 'col');
    }
    const first = within(table).getByRole('rowheader', { name: 'Patient 1' });
    expect(first).toHaveAttribute('scope', 'row');
    expect(within(first).getByRole('link', { name: 'Patient 1' })).toHaveAttribute(
      'href',
      '/provider/patient/55555555-5555-4555-8555-000000000001',
    );
    const row = screen.getByRole('row', { name: /Patient 1/ });
    expect(within(row).getByText('Confirmed')).toBeInTheDocument();
    expect(within(row).getByText('Telehealth')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Send reminder' })).toBeInTheDocument();
    // A cancelled visit has nothing left to do.
    const cancelled = screen.getByRole('row', { name: /Patient 2/ });
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();
    expect(
      screen.getByText('27 appointments from Tue, Nov 24, 2026 to Tue, Dec 1, 2026'),
    ).toBeInTheDocument();
  });

  it('shows names without links when PATIENT is missing', async () => {
    stubApi(['APPOINTMENTS']);
    open();
    const first = await screen.findByRole('rowheader', { name: 'Patient 1' }, { timeout: 10_000 });
    expect(within(first).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so without APPOINTMENTS and asks for nothing', async () => {
    const calls = stubApi(['PATIENT']);
    open();
    expect(
      await screen.findByText(
        'You do not have access to the clinic appointment list.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Appointments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the day schedule' })).toHaveAttribute(
      'href',
      '/provider/appointment',
    );
    expect(listCalls(calls)).toEqual([]);
  });

  it('applies the filters through the URL, and pages', async () => {
    const calls = stubApi(['APPOINTMENTS']);
    const { router } = open();
    await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(listCalls(calls)[0]?.search).toBe('');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Priya Patel, MD' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cancelled' }));
    await userEvent.selectOptions(screen.getByLabelText('Visit type'), 'office');
    await userEvent.type(screen.getByLabelText('Patient name'), 'walker');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe(
        `?providerIds=${PATEL}&statuses=cancelled&types=office&q=walker`,
      );
    });
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.search).toBe(
        `?providerIds=${PATEL}&statuses=cancelled&types=office&q=walker`,
      );
    });
    // The dates the server filled in stay unwritten, so the list keeps following today.
    expect(router.state.location.search).not.toContain('from=');

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(
      await screen.findByRole('rowheader', { name: 'Patient 26' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toContain('page=2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
  });

  it('checks the range before asking, and shows what the server refused', async () => {
    const calls = stubApi(['APPOINTMENTS']);
    open('/provider/appointments?from=2026-11-24');
    await screen.findByRole('table', {}, { timeout: 10_000 });
    const before = listCalls(calls).length;
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(listCalls(calls)).toHaveLength(before);

    vi.unstubAllGlobals();
    stubApi(['APPOINTMENTS'], { status: 404, message: 'Provider not found.' });
    open(`/provider/appointments?providerIds=${PATEL}`);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Provider not found.',
    );
  });
});
