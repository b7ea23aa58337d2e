import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { Appointment } from '@app/contracts/appointments';
import { renderRoutes, createTestI18n, TEST_CONFIG } from '../../../test/render.tsx';
import { clearSession, setSession } from '../../../lib/auth/session-store.ts';
import { appointmentsEn } from '../i18n/en.ts';
import { AppointmentSummary } from './appointment-summary.tsx';
import { AppointmentListPage } from './appointment-list-page.tsx';

// The fetchers import their zod schemas lazily; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });

// Component tests with a mocked fetch (unit level); the real server is exercised in e2e/tests/appointments.spec.ts.

function i18nWithAppointments() {
  const instance = createTestI18n();
  instance.addResourceBundle('en', 'appointments', appointmentsEn);
  return instance;
}

const APPOINTMENT: Appointment = {
  id: '11111111-1111-4111-8111-111111111111',
  appointmentId: '11111111-1111-4111-8111-111111111111',
  uuid: '22222222-2222-4222-8222-222222222222',
  clinicUuid: '33333333-3333-4333-8333-333333333333',
  clinicName: 'Springfield Clinic',
  userId: '44444444-4444-4444-8444-444444444444',
  patientId: '44444444-4444-4444-8444-444444444444',
  patientName: 'Jane Patient',
  providerId: '55555555-5555-4555-8555-555555555555',
  departmentUuid: '66666666-6666-4666-8666-666666666666',
  departmentName: 'Main Street Office',
  consultationTypeId: '77777777-7777-4777-8777-777777777777',
  consultationTypeTitle: 'Follow-up visit',
  consultationTypeMessage: 'Bring your medication list.',
  startAt: '2099-03-02T09:00:00-06:00',
  finishAt: '2099-03-02T09:30:00-06:00',
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
  isConvertRequired: true,
  doctorName: 'Dr. John Smith',
  doctorImage: null,
  address: { line: '1 Main St', city: 'Springfield', stateId: 'IL', state: 'Illinois' },
  attachments: [{ href: '/files/prep.pdf', fileName: 'prep.pdf' }],
  appointmentComment: 'Back pain',
  externalId: null,
  waitlist: { isAvailable: true },
};

type Handler = (url: string, init: RequestInit | undefined) => { status: number; body: unknown };

function mockFetch(handler: Handler) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      calls.push({ url: input, method: init?.method ?? 'GET' });
      const { status, body } = handler(input, init);
      return Promise.resolve(
        new Response(body === null ? null : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

function signIn(role: 'user' | 'provider') {
  setSession({
    accessToken: 'token',
    refreshToken: 'refresh',
    expiresAt: Date.now() + 3_600_000,
    user: {
      id: 'me',
      memberId: 'me',
      memberType: role === 'user' ? 'patient' : 'doctor',
      role,
      isResetPasswordRequired: false,
      isSecurityQuestionEmpty: false,
    },
  });
}

function renderSummary(url: string, appointment: Appointment = APPOINTMENT, variant = TEST_CONFIG.variant) {
  const i18n = i18nWithAppointments();
  const calls = mockFetch((requested, init) => {
    if (requested === `/api/appointments/${appointment.id}` && (init?.method ?? 'GET') === 'GET') {
      return { status: 200, body: appointment };
    }
    if (requested === `/api/appointments/${appointment.id}` && init?.method === 'DELETE') {
      return { status: 204, body: null };
    }
    if (requested === '/files/prep.pdf') {
      return { status: 200, body: '%PDF-1.4' };
    }
    if (requested.endsWith('/waitlist')) {
      return { status: 200, body: { isInWaitList: true } };
    }
    if (requested.endsWith('/convert-to-telehealth')) {
      return { status: 200, body: { ...appointment, type: 'video_call', isConvertRequired: false } };
    }
    return { status: 404, body: { message: 'Appointment not found.' } };
  });
  const wrap = (element: React.ReactNode) => <I18nextProvider i18n={i18n}>{element}</I18nextProvider>;
  const result = renderRoutes(
    [
      { path: '/user/appointment/create/:step', element: wrap(<AppointmentSummary />) },
      {
        path: '/provider/patient/:patientId/appointments/create/:step',
        element: wrap(<AppointmentSummary />),
      },
      { path: '/user/appointment', element: <p>appointment list</p> },
      { path: '/provider/patient/:patientId/appointments', element: <p>patient appointments</p> },
    ],
    url,
    { config: { ...TEST_CONFIG, variant } },
  );
  return { ...result, calls };
}

const summaryUrl = (query: string) =>
  `/user/appointment/create/summary?appointmentId=${APPOINTMENT.id}&${query}`;

describe('AppointmentSummary', () => {
  beforeEach(() => {
    signIn('user');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the scheduled heading, provider, the Important message, the location with its map link', async () => {
    renderSummary(summaryUrl(`startAt=${encodeURIComponent(APPOINTMENT.startAt)}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Appointment(s) scheduled!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dr. John Smith' })).toBeInTheDocument();
    expect(screen.getByText('Important')).toBeInTheDocument();
    expect(screen.getByText('Bring your medication list.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'prep.pdf' })).toHaveAttribute('href', '/files/prep.pdf');
    const map = screen.getByRole('link', { name: /Open map of 1 Main St, Springfield, Illinois/ });
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('href')).toContain('1%20Main%20St');
    // New check-in: COMPLETE TASKS to the task dashboard of this appointment.
    expect(screen.getByRole('link', { name: 'COMPLETE TASKS' })).toHaveAttribute(
      'href',
      `/user/task?appointmentId=${APPOINTMENT.id}`,
    );
    expect(screen.getByRole('link', { name: 'VIEW ALL APPOINTMENTS' })).toHaveAttribute(
      'href',
      '/user/appointment',
    );
    // Office visit, patient: no video link; care-plan app: no convert.
    expect(screen.queryByRole('link', { name: 'Start video visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convert to telehealth' })).not.toBeInTheDocument();
  });

  it('chooses rescheduled or confirmed by the status param', async () => {
    renderSummary(summaryUrl('status=rescheduled'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Appointment(s) rescheduled!' }),
    ).toBeInTheDocument();
  });

  it('chooses confirmed by confirmedAt without a status param', async () => {
    renderSummary(summaryUrl(''), { ...APPOINTMENT, confirmedAt: '2099-01-01T00:00:00Z' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Appointment(s) confirmed!' }),
    ).toBeInTheDocument();
  });

  it('marks failed start times red and in words', async () => {
    const failed = '2099-03-16T09:00:00-05:00';
    renderSummary(
      summaryUrl(
        `startAt=${encodeURIComponent(APPOINTMENT.startAt)}&failedStartAt=${encodeURIComponent(failed)}`,
      ),
    );
    const times = await screen.findByRole('list', { name: 'Appointment times' });
    const items = within(times).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Monday, March 2, 2099 at 9:00 AM CST');
    expect(items[0]).not.toHaveTextContent('Not booked');
    expect(items[1]).toHaveTextContent('Monday, March 16, 2099 at 9:00 AM CDT — Not booked');
  });

  it('cancel: dialog texts, NO, GO BACK keeps it, YES, CANCEL deletes and lands on /user/appointment', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderSummary(summaryUrl(''));
    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warning' });
    expect(within(dialog).getByText('Are you sure you want to cancel this appointment?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'NO, GO BACK' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'YES, CANCEL' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment');
    });
    expect(calls).toContainEqual({ url: `/api/appointments/${APPOINTMENT.id}`, method: 'DELETE' });
  });

  it('has no cancel button when the patient may not cancel', async () => {
    renderSummary(summaryUrl(''), { ...APPOINTMENT, canPatientCancel: false });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  it('JOIN WAITLIST becomes JOINED WAITLIST', async () => {
    const user = userEvent.setup();
    const { calls } = renderSummary(summaryUrl(''));
    await user.click(await screen.findByRole('button', { name: 'JOIN WAITLIST' }));
    expect(await screen.findByRole('button', { name: 'JOINED WAITLIST' })).toBeDisabled();
    expect(calls).toContainEqual({
      url: `/api/clinics/${APPOINTMENT.clinicUuid}/appointments/${APPOINTMENT.id}/waitlist`,
      method: 'POST',
    });
  });

  it('shows the patient video link only with allowVideoCall', async () => {
    renderSummary(summaryUrl(''), { ...APPOINTMENT, type: 'video_call', allowVideoCall: true });
    expect(await screen.findByRole('link', { name: 'Start video visit' })).toHaveAttribute(
      'href',
      `/user/video-call/${APPOINTMENT.id}`,
    );
  });

  it('a telehealth visit says so once and has no address or map (issue 18)', async () => {
    renderSummary(summaryUrl(''), {
      ...APPOINTMENT,
      type: 'video_call',
      allowVideoCall: true,
      consultationTypeTitle: 'Telehealth visit',
    });
    expect(await screen.findByRole('link', { name: 'Start video visit' })).toBeInTheDocument();
    expect(screen.getAllByText('Telehealth visit')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Location' })).not.toBeInTheDocument();
    expect(screen.queryByText('1 Main St, Springfield, Illinois')).not.toBeInTheDocument();
    expect(screen.queryByText('Springfield')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /map/i })).not.toBeInTheDocument();
  });

  it('not found: a clear message', async () => {
    renderSummary('/user/appointment/create/summary?appointmentId=99999999-9999-4999-8999-999999999999');
    expect(await screen.findByText('This appointment could not be found.')).toBeInTheDocument();
  });

  it('attachments download with the session; an upcoming visit offers Add a document (issue 16)', async () => {
    const user = userEvent.setup();
    // jsdom has no object URLs; this file's environment is its own (vitest isolates test files).
    Object.assign(URL, { createObjectURL: () => 'blob:prep', revokeObjectURL: () => undefined });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { calls } = renderSummary(summaryUrl(''), { ...APPOINTMENT, isPreCheckIn: true });
    const link = await screen.findByRole('link', { name: 'prep.pdf' });
    expect(screen.getByRole('heading', { level: 2, name: 'Attachments' })).toBeInTheDocument();
    await user.click(link);
    await waitFor(() => {
      expect(saved).toEqual(['prep.pdf blob:prep']);
    });
    expect(calls).toContainEqual({ url: '/files/prep.pdf', method: 'GET' });
    expect(screen.getByRole('link', { name: 'Add a document' })).toHaveAttribute(
      'href',
      `/user/documents?appointmentId=${APPOINTMENT.id}`,
    );
    click.mockRestore();
  });

  it('a visit without attachments says so and still offers Add a document', async () => {
    renderSummary(summaryUrl(''), { ...APPOINTMENT, attachments: [], isPreCheckIn: true });
    expect(await screen.findByText('No documents have been added yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a document' })).toBeInTheDocument();
  });

  it('a cancelled visit without attachments shows no attachments section', async () => {
    renderSummary(summaryUrl(''), {
      ...APPOINTMENT,
      attachments: [],
      status: 'cancelled',
      isPreCheckIn: false,
    });
    expect(await screen.findByText('This appointment was cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Attachments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a document' })).not.toBeInTheDocument();
  });
});

describe('AppointmentSummary for a provider in the care-manager app', () => {
  beforeEach(() => {
    signIn('provider');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('ADD TO WAITLIST, the patient page, the video link and Convert to telehealth with its confirmation', async () => {
    const user = userEvent.setup();
    const patientId = APPOINTMENT.patientId;
    renderSummary(
      `/provider/patient/${patientId}/appointments/create/summary?appointmentId=${APPOINTMENT.id}`,
      { ...APPOINTMENT, canPatientCancel: false },
      'care-manager',
    );
    expect(await screen.findByRole('button', { name: 'ADD TO WAITLIST' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VIEW ALL APPOINTMENTS' })).toHaveAttribute(
      'href',
      `/provider/patient/${patientId}/appointments`,
    );
    // Providers may cancel whatever isCancellable says.
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'COMPLETE TASKS' })).not.toBeInTheDocument();
    // The provider reads the patient's attachments but adds none for them (issue 16).
    expect(screen.getByRole('link', { name: 'prep.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a document' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Convert to telehealth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to telehealth' });
    expect(
      within(dialog).getByText('Are you sure you want to convert this appointment to a Telehealth call?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'YES, CONVERT' }));
    expect(await screen.findByText('The appointment is now a Telehealth call.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start video visit' })).toHaveAttribute(
      'href',
      `/provider/video-call/${APPOINTMENT.id}`,
    );
  });
});

describe('AppointmentListPage login-link booking', () => {
  beforeEach(() => {
    signIn('user');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  function renderList(url: string, createStatus: number) {
    const i18n = i18nWithAppointments();
    const bodies: unknown[] = [];
    const calls = mockFetch((requested, init) => {
      if (requested === '/api/appointments' && init?.method === 'POST') {
        bodies.push(JSON.parse(init.body as string));
        return createStatus === 201
          ? { status: 201, body: { id: APPOINTMENT.id } }
          : {
              status: createStatus,
              body: { message: 'This time is no longer available. Please choose another time.' },
            };
      }
      if (requested.startsWith('/api/appointments?')) {
        return { status: 200, body: { appointments: [] } };
      }
      if (requested.endsWith('/waitlist')) {
        return { status: 200, body: { isInWaitList: true } };
      }
      if (requested.startsWith('/api/scheduling/departments?')) {
        const department = {
          id: APPOINTMENT.departmentUuid,
          uuid: APPOINTMENT.departmentUuid,
          name: 'Main Street Office',
          timezone: 'America/New_York',
          address: null,
        };
        return { status: 200, body: { departments: [department] } };
      }
      return { status: 404, body: { message: 'Appointment not found.' } };
    });
    const result = renderRoutes(
      [
        {
          path: '/user/appointment',
          element: (
            <I18nextProvider i18n={i18n}>
              <AppointmentListPage />
            </I18nextProvider>
          ),
        },
        { path: '/user/appointment/create/:step', element: <p>summary step</p> },
      ],
      url,
    );
    return { ...result, calls, bodies };
  }

  const link = new URLSearchParams({
    cameFrom: 'login',
    userId: APPOINTMENT.userId,
    clinicUuid: APPOINTMENT.clinicUuid,
    consultationTypeId: APPOINTMENT.consultationTypeId,
    departmentId: APPOINTMENT.departmentUuid,
    doctorId: APPOINTMENT.providerId,
    startAt: APPOINTMENT.startAt,
    finishAt: APPOINTMENT.finishAt,
    appointmentComment: '  ',
    waitlist: 'true',
  });

  it('books a complete link, joins the waitlist and opens the summary', async () => {
    const { router, bodies, calls } = renderList(`/user/appointment?${link.toString()}`, 201);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment/create/summary');
    });
    expect(new URLSearchParams(router.state.location.search).get('appointmentId')).toBe(APPOINTMENT.id);
    expect(bodies).toEqual([
      {
        clinicUuid: APPOINTMENT.clinicUuid,
        departmentUuid: APPOINTMENT.departmentUuid,
        providerId: APPOINTMENT.providerId,
        consultationTypeId: APPOINTMENT.consultationTypeId,
        startAt: APPOINTMENT.startAt,
        finishAt: APPOINTMENT.finishAt,
        externalId: null,
        flexibleDayList: [],
      },
    ]);
    expect(calls.some((call) => call.url.endsWith('/waitlist'))).toBe(true);
  });

  it("stays on the list with the server's message and without the booking params", async () => {
    const { router, bodies } = renderList(`/user/appointment?${link.toString()}`, 409);
    expect(
      await screen.findByText('This time is no longer available. Please choose another time.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/appointment');
    expect(router.state.location.search).toBe('');
    expect(bodies).toHaveLength(1);
    expect(await screen.findByText('You have no appointments yet.')).toBeInTheDocument();
  });

  it("reads wall-clock times of the link in the department's zone", async () => {
    const wallClock = new URLSearchParams(link);
    wallClock.set('startAt', '2099-07-01 09:00:00');
    wallClock.set('finishAt', '2099-07-01 09:15:00');
    wallClock.set('appointmentComment', 'Knee pain');
    wallClock.delete('waitlist');
    const { router, bodies, calls } = renderList(`/user/appointment?${wallClock.toString()}`, 201);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment/create/summary');
    });
    expect(bodies[0]).toMatchObject({
      startAt: '2099-07-01T09:00:00-04:00',
      finishAt: '2099-07-01T09:15:00-04:00',
      text: 'Knee pain',
    });
    expect(calls.some((call) => call.url.endsWith('/waitlist'))).toBe(false);
  });

  it('does not book an incomplete link', async () => {
    const incomplete = new URLSearchParams(link);
    incomplete.delete('doctorId');
    const { router, bodies } = renderList(`/user/appointment?${incomplete.toString()}`, 201);
    expect(await screen.findByText('You have no appointments yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(bodies).toHaveLength(0);
  });
});
