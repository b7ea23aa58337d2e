import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { ConfirmPatient } from '@app/contracts/confirm-patient';
import { clearSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConfirmPatientPage } from './confirm-patient-page.tsx';

// Component tests with a mocked fetch; the real server and the whole check-in run in
// e2e/tests/check-in-app.spec.ts.
configure({ asyncUtilTimeout: 5000 });

const ME = '11111111-1111-4111-8111-111111111111';
const VISIT = '22222222-2222-4222-8222-222222222222';

const DATA: ConfirmPatient = {
  patient: {
    userId: ME,
    firstName: 'Ada',
    lastName: 'Lovelace',
    name: 'Ada Lovelace',
    birthdate: '1980-04-12',
  },
  appointments: [
    {
      id: VISIT,
      startAt: '2026-12-01T14:00:00-05:00',
      finishAt: '2026-12-01T14:30:00-05:00',
      timezone: 'America/New_York',
      type: 'office',
      doctorName: 'Alice Smith',
      clinicName: 'Demo Clinic',
      departmentUuid: '33333333-3333-4333-8333-333333333333',
      departmentName: 'Main Street',
      consultationTypeTitle: 'Follow-up',
      isCheckedIn: false,
    },
  ],
};

const FAMILY = {
  primaryUser: {
    id: ME,
    username: 'ada',
    name: 'Ada Lovelace',
    preferredName: null,
    firstName: 'Ada',
    image: null,
  },
  members: [
    {
      userId: '44444444-4444-4444-8444-444444444444',
      name: 'Tom Lovelace',
      firstName: 'Tom',
      preferredName: null,
      image: null,
      memberType: 'patient',
      memberId: 'M-2',
    },
  ],
};

function signIn(role: 'user' | 'provider') {
  setSession({
    accessToken: 'token',
    refreshToken: 'refresh',
    expiresAt: Date.now() + 3_600_000,
    user: {
      id: ME,
      memberId: 'M-1',
      memberType: role === 'user' ? 'patient' : 'doctor',
      role,
      isResetPasswordRequired: false,
      isSecurityQuestionEmpty: false,
    },
  });
}

type Answer = { status: number; body: unknown };

function mockFetch(answers: Record<string, Answer>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const answer = answers[url] ?? { status: 204, body: null };
      return Promise.resolve(
        new Response(answer.body === null ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} at {location.pathname}
      {location.search}
    </p>
  );
}

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/user/confirm-patient', element: <ConfirmPatientPage /> },
      { path: '/provider/confirm-patient', element: <ConfirmPatientPage /> },
      { path: '/user/check-in-landing', element: <Where name="landing" /> },
      { path: '/user/switch-patient', element: <Where name="switch" /> },
      { path: '/user/appointment', element: <Where name="appointments" /> },
      { path: '/provider/patient/task', element: <Where name="kiosk tasks" /> },
      { path: '/provider/patient/search', element: <Where name="patient search" /> },
    ],
    url,
  );
}

const SELF = '/api/check-in/confirm-patient';

describe('ConfirmPatientPage (the check-in app)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    sessionStorage.clear();
  });

  it("shows the patient's name, date of birth and today's visit, and starts that check-in", async () => {
    signIn('user');
    mockFetch({
      [SELF]: { status: 200, body: DATA },
      [`/api/users/${ME}/family/members`]: { status: 200, body: FAMILY },
    });
    const user = userEvent.setup();
    renderAt('/user/confirm-patient');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm who is checking in' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Is this you?')).toBeInTheDocument();
    expect(screen.getByTestId('confirm-patient-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByTestId('confirm-patient-birthdate')).toHaveTextContent('April 12, 1980');
    const visits = screen.getByRole('region', { name: 'Today’s appointments' });
    expect(within(visits).getByText('2:00 PM EST with Alice Smith')).toBeInTheDocument();
    expect(within(visits).getByText('Demo Clinic, Main Street')).toBeInTheDocument();
    // The account has a family member: the switch is offered, coming back here.
    expect(await screen.findByRole('link', { name: 'Check in a family member' })).toHaveAttribute(
      'href',
      '/user/switch-patient?returnTo=%2Fuser%2Fconfirm-patient',
    );
    expect(screen.getByRole('button', { name: 'Not you? Log out' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Yes, this is me — start check-in' }));
    expect(
      await screen.findByText(`landing at /user/check-in-landing?appointmentId=${VISIT}`),
    ).toBeInTheDocument();
  });

  it('says so when nothing is today, links to the appointments and offers no family switch without family', async () => {
    signIn('user');
    mockFetch({
      [SELF]: { status: 200, body: { ...DATA, appointments: [] } },
      [`/api/users/${ME}/family/members`]: { status: 200, body: { ...FAMILY, members: [] } },
    });
    renderAt('/user/confirm-patient');
    expect(await screen.findByText('You have no appointment to check in for today.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your appointments' })).toHaveAttribute(
      'href',
      '/user/appointment',
    );
    expect(
      screen.queryByRole('button', { name: 'Yes, this is me — start check-in' }),
    ).not.toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Check in a family member' })).not.toBeInTheDocument();
    });
  });

  it("shows the server's text for a visit that is not the patient's", async () => {
    signIn('user');
    const calls = mockFetch({
      [`${SELF}?appointmentId=${VISIT}`]: { status: 404, body: { message: 'Appointment not found.' } },
    });
    renderAt(`/user/confirm-patient?appointmentId=${VISIT}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Appointment not found.');
    expect(screen.getByRole('link', { name: 'See your appointments' })).toBeInTheDocument();
    expect(calls).toContain(`GET ${SELF}?appointmentId=${VISIT}`);
  });
});

describe('ConfirmPatientPage (the kiosk, self check-in)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    sessionStorage.clear();
  });

  const KIOSK = `/api/self-check-in/appointments/${VISIT}/confirm-patient`;

  it('confirms the patient of the picked visit, then opens its tasks in self check-in mode', async () => {
    signIn('provider');
    const calls = mockFetch({ [KIOSK]: { status: 200, body: DATA } });
    const user = userEvent.setup();
    renderAt(`/provider/confirm-patient?appointmentId=${VISIT}`);
    expect(await screen.findByTestId('confirm-patient-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByText('Please check that this is you before you start.')).toBeInTheDocument();
    // The kiosk offers neither the patient's logout nor the family switch.
    expect(screen.queryByRole('button', { name: 'Not you? Log out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Check in a family member' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, this is me — start check-in' }));
    expect(
      await screen.findByText(`kiosk tasks at /provider/patient/task?appointmentId=${VISIT}`),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('appMode')).toBe('selfCheckIn');
    expect(sessionStorage.getItem('appointmentId')).toBe(VISIT);
    await waitFor(() => {
      expect(calls).toContain('POST /api/statistic/appointment/check-in');
    });
  });

  it('"Not me" goes back to the search, still a kiosk', async () => {
    signIn('provider');
    sessionStorage.setItem('appMode', 'selfCheckIn');
    mockFetch({ [KIOSK]: { status: 200, body: DATA } });
    const user = userEvent.setup();
    renderAt(`/provider/confirm-patient?appointmentId=${VISIT}`);
    await user.click(await screen.findByRole('button', { name: 'Not me — back to the search' }));
    expect(await screen.findByText('patient search at /provider/patient/search')).toBeInTheDocument();
    expect(sessionStorage.getItem('appMode')).toBe('selfCheckIn');
  });

  it("another clinic's visit says it was not found; without a visit the kiosk searches first", async () => {
    signIn('provider');
    mockFetch({ [KIOSK]: { status: 404, body: { message: 'Appointment not found.' } } });
    const first = renderAt(`/provider/confirm-patient?appointmentId=${VISIT}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Appointment not found.');
    expect(screen.getByRole('button', { name: 'Back to the patient search' })).toBeInTheDocument();
    first.unmount();

    renderAt('/provider/confirm-patient');
    expect(await screen.findByText('patient search at /provider/patient/search')).toBeInTheDocument();
  });
});
