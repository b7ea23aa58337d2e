import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Appointment } from '@app/contracts/appointments';
import { clearSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ChooseAppointmentPage } from './choose-appointment-page.tsx';

// Component tests with a mocked fetch; e2e/tests/patient-menu-screens.spec.ts runs it against the
// real server into the reschedule.
configure({ asyncUtilTimeout: 5000 });

const DAY = 86_400_000;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

function appointment(id: string, startAt: string, overrides: Partial<Appointment> = {}): Appointment {
  return {
    id,
    appointmentId: id,
    uuid: `${id.slice(0, 35)}9`,
    clinicUuid: '33333333-3333-4333-8333-333333333333',
    clinicName: 'Springfield Clinic',
    userId: '44444444-4444-4444-8444-444444444444',
    patientId: '44444444-4444-4444-8444-444444444444',
    patientName: 'Jane Patient',
    providerId: '55555555-5555-4555-8555-555555555555',
    departmentUuid: '66666666-6666-4666-8666-666666666666',
    departmentName: 'Main Street Office',
    consultationTypeId: '77777777-7777-4777-8777-777777777777',
    consultationTypeTitle: 'Follow-up',
    consultationTypeMessage: null,
    startAt,
    finishAt: startAt,
    timezone: 'America/Chicago',
    type: 'office',
    status: 'booked',
    confirmedAt: null,
    isCancellable: true,
    canPatientCancel: true,
    allowVideoCall: false,
    hasNewVideoLayout: false,
    isPreCheckIn: false,
    isNewCheckIn: true,
    isInWaitList: false,
    isConvertRequired: false,
    doctorName: 'Dr. John Smith',
    doctorImage: null,
    address: null,
    attachments: [],
    appointmentComment: null,
    externalId: null,
    waitlist: { isAvailable: false },
    ...overrides,
  };
}

const LATER = appointment('11111111-1111-4111-8111-111111111111', iso(5 * DAY));
const SOON = appointment('22222222-2222-4222-8222-222222222222', iso(2 * DAY), { doctorName: 'Dr. Ann Lee' });
const TOO_LATE = appointment('88888888-8888-4888-8888-888888888888', iso(DAY / 24), {
  canPatientCancel: false,
});
const CANCELLED = appointment('99999999-9999-4999-8999-999999999999', iso(3 * DAY), { status: 'cancelled' });
const PAST = appointment('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', iso(-DAY));

function mockFetch(list: Appointment[], one: Record<string, { status: number; body: unknown }> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const answer = url.startsWith('/api/appointments?')
        ? { status: 200, body: { appointments: list } }
        : (one[url] ?? { status: 404, body: { message: 'Appointment not found.' } });
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}

function Where() {
  const location = useLocation();
  return <p>landed at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/user/choose-appointment', element: <ChooseAppointmentPage /> },
      { path: '/user/appointment/create/:step', element: <Where /> },
    ],
    url,
  );
}

describe('ChooseAppointmentPage', () => {
  beforeEach(() => {
    setSession({
      accessToken: 'token',
      refreshToken: 'refresh',
      expiresAt: Date.now() + 3_600_000,
      user: {
        id: '44444444-4444-4444-8444-444444444444',
        memberId: 'M-1',
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists the upcoming appointments soonest first; a changeable one leads into its reschedule', async () => {
    mockFetch([LATER, CANCELLED, PAST, TOO_LATE, SOON]);
    renderAt('/user/choose-appointment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Change appointment' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Upcoming appointments' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Dr. John Smith');
    expect(rows[0]).toHaveTextContent(
      'This appointment can no longer be changed online. Please contact our office.',
    );
    expect(rows[1]).toHaveTextContent('Dr. Ann Lee');
    const change = within(rows[1] as HTMLElement).getByRole('link', {
      name: /^Change the appointment with Dr\. Ann Lee on /,
    });
    expect(change).toHaveTextContent('Change');
    // Exactly the details screen's reschedule (appointment-rules.ts reschedulePath).
    const target = new URL(change.getAttribute('href') ?? '', 'http://x');
    expect(target.pathname).toBe('/user/appointment/create/time-slots');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      clinicUuid: SOON.clinicUuid,
      providerId: SOON.providerId,
      departmentId: SOON.departmentUuid,
      consultationTypeId: SOON.consultationTypeId,
      cancelAppointmentId: SOON.id,
    });
  });

  it('offers to schedule one when nothing is upcoming', async () => {
    mockFetch([CANCELLED, PAST]);
    renderAt('/user/choose-appointment');
    expect(await screen.findByText('You have no upcoming appointments to change.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule an appointment' })).toHaveAttribute(
      'href',
      '/user/appointment/create',
    );
  });

  it('?appointmentId: straight into the reschedule of a changeable one of the patient', async () => {
    mockFetch([], { [`/api/appointments/${SOON.id}`]: { status: 200, body: SOON } });
    renderAt(`/user/choose-appointment?appointmentId=${SOON.id}`);
    expect(await screen.findByText(/^landed at \/user\/appointment\/create\/time-slots\?/)).toHaveTextContent(
      `cancelAppointmentId=${SOON.id}`,
    );
  });

  it("?appointmentId: another patient's says it was not found; one past its notice says why", async () => {
    mockFetch([], { [`/api/appointments/${TOO_LATE.id}`]: { status: 200, body: TOO_LATE } });
    const first = renderAt(`/user/choose-appointment?appointmentId=${LATER.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Appointment not found.');
    expect(screen.getByRole('link', { name: 'Choose another appointment' })).toHaveAttribute(
      'href',
      '/user/choose-appointment',
    );
    first.unmount();

    renderAt(`/user/choose-appointment?appointmentId=${TOO_LATE.id}`);
    expect(
      await screen.findByText('This appointment can no longer be changed online. Please contact our office.'),
    ).toBeInTheDocument();
  });
});
