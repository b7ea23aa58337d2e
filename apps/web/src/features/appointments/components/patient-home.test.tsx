import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '@app/contracts/appointments';
import type { CheckInTask } from '@app/contracts/check-in';
import { renderRoutes } from '../../../test/render.tsx';
import { clearSession, setSession } from '../../../lib/auth/session-store.ts';
import { AppointmentListPage } from './appointment-list-page.tsx';

// The patient home on /user/appointment (decision 0051) with a mocked fetch; the real server is
// exercised in e2e/tests/patient-home.spec.ts.

configure({ asyncUtilTimeout: 5000 });

// The test's clock: Tuesday 2026-12-01, 10:00 in New York.
const NOW = new Date('2026-12-01T15:00:00Z');

const VISIT: Appointment = {
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
  consultationTypeTitle: 'Follow-up',
  consultationTypeMessage: null,
  startAt: '2026-12-03T09:30:00-05:00',
  finishAt: '2026-12-03T10:00:00-05:00',
  timezone: 'America/New_York',
  type: 'office',
  status: 'confirmed',
  confirmedAt: '2026-12-01T12:00:00Z',
  isCancellable: true,
  canPatientCancel: true,
  allowVideoCall: false,
  hasNewVideoLayout: true,
  isPreCheckIn: true,
  isNewCheckIn: true,
  isInWaitList: false,
  isConvertRequired: false,
  doctorName: 'Alice Smith, MD',
  doctorImage: null,
  address: { line: '120 River Road', city: 'Albany', stateId: 'NY', state: 'New York' },
  attachments: [],
  appointmentComment: null,
  externalId: null,
  waitlist: { isAvailable: false },
};

function task(id: string, isDone: boolean, isVideo = false): CheckInTask {
  return {
    taskId: id,
    settingId: `s-${id}`,
    title: `Task ${id}`,
    description: null,
    status: isDone ? 'DONE' : 'NEW',
    isDone,
    valueType: 'REGULAR',
    actions: [{ type: 'regular' }],
    clinicUuid: VISIT.clinicUuid,
    userId: VISIT.userId,
    appointmentId: VISIT.id,
    source: { appointment: { id: VISIT.id } },
    todo: { source: { appointment_id: VISIT.id } },
    isVideo,
    dueAt: null,
    doneAt: null,
    isActive: true,
    listAttachmentId: [],
    config: {},
    order: 0,
  };
}

interface World {
  appointments: Appointment[];
  tasks?: CheckInTask[];
  balanceCents?: number;
  unread?: number;
}

function renderHome(world: World) {
  let appointments = world.appointments;
  const deleted: string[] = [];
  const tasks = world.tasks ?? [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const reply = (status: number, body: unknown) =>
        Promise.resolve(
          new Response(body === null ? null : JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
        );
      if (url.startsWith('/api/appointments?')) {
        return reply(200, { appointments });
      }
      if (url.startsWith('/api/appointments/') && init?.method === 'DELETE') {
        const id = url.split('/').pop() ?? '';
        deleted.push(id);
        appointments = appointments.map((item) => (item.id === id ? { ...item, status: 'cancelled' } : item));
        return reply(204, null);
      }
      if (url === '/api/check-in/entries') {
        const ids = appointments.map((item) => item.id);
        const entry = {
          departmentUuid: VISIT.departmentUuid,
          departmentName: VISIT.departmentName,
          date: '2026-12-03',
          appointmentIds: ids,
          startAt: VISIT.startAt,
          timezone: 'America/New_York',
          isFinished: false,
          flow: 'continued',
        };
        return reply(200, ids.length > 0 ? [entry] : []);
      }
      if (url.startsWith('/api/check-in/appointments/')) {
        return reply(200, url.includes(VISIT.id) ? tasks : []);
      }
      if (url === '/api/payments/balances') {
        return reply(200, { items: [], totalCents: world.balanceCents ?? 0 });
      }
      if (url === '/api/messages/unread-count') {
        return reply(200, { count: world.unread ?? 0 });
      }
      return reply(404, { message: 'Not found.' });
    }),
  );
  const result = renderRoutes(
    [
      { path: '/user/appointment', element: <AppointmentListPage /> },
      { path: '/user/appointment/:id', element: <p>details</p> },
    ],
    '/user/appointment',
  );
  return { ...result, deleted };
}

describe('the patient home', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    setSession({
      accessToken: 'token',
      refreshToken: 'refresh',
      expiresAt: NOW.getTime() + 3_600_000,
      user: {
        id: VISIT.userId,
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
    vi.useRealTimers();
    clearSession();
  });

  it('shows the next visit: time in its zone, provider, place, status and check-in progress', async () => {
    const later = {
      ...VISIT,
      id: 'later-visit',
      startAt: '2026-12-10T09:30:00-05:00',
      finishAt: '2026-12-10T10:00:00-05:00',
    };
    renderHome({
      appointments: [later, VISIT],
      tasks: [
        task('a', true),
        task('b', true),
        task('c', true),
        task('d', false),
        task('e', false),
        task('f', false),
        task('v', false, true),
      ],
    });
    const card = await screen.findByRole('region', { name: 'Your next visit' });
    expect(within(card).getByText('Thu, Dec 3, 9:30 AM EST')).toBeInTheDocument();
    expect(within(card).getByText('Alice Smith, MD')).toBeInTheDocument();
    expect(within(card).getByText('In person')).toBeInTheDocument();
    expect(
      within(card).getByText('Main Street Office · 120 River Road, Albany, New York'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Confirmed')).toBeInTheDocument();
    expect(await within(card).findByText('3 of 6 done')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Check-in progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(card).getByRole('link', { name: 'Continue check-in' })).toHaveAttribute(
      'href',
      `/user/task?appointmentId=${VISIT.id}`,
    );
    expect(within(card).getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      expect.stringContaining(`cancelAppointmentId=${VISIT.id}`),
    );
    expect(
      within(card).getByRole('link', { name: 'Visit details: your visit with Alice Smith, MD' }),
    ).toHaveAttribute('href', `/user/appointment/${VISIT.id}`);
    // An office visit has no video to join; the list below still holds both visits.
    expect(within(card).queryByRole('link', { name: 'Join video' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Open appointment with Alice Smith/ })).toHaveLength(2);
  });

  it('offers Join video for a telehealth visit whose room is open, without address or map', async () => {
    const video: Appointment = {
      ...VISIT,
      type: 'video_call',
      consultationTypeTitle: 'Telehealth visit',
      startAt: '2026-12-01T10:10:00-05:00',
      finishAt: '2026-12-01T10:30:00-05:00',
      allowVideoCall: true,
    };
    renderHome({ appointments: [video] });
    const card = await screen.findByRole('region', { name: 'Your next visit' });
    expect(within(card).getByRole('link', { name: 'Join video' })).toHaveAttribute(
      'href',
      `/user/video-call/${VISIT.id}`,
    );
    expect(within(card).getByText('Video visit')).toBeInTheDocument();
    // Its type's title only repeats the kind: said once (issue 18).
    expect(within(card).queryByText('Telehealth visit')).toBeNull();
    expect(within(card).queryByText(/120 River Road/)).toBeNull();
    expect(within(card).queryByRole('link', { name: /map/i })).toBeNull();
  });

  it("keeps a video visit's type when it says more than the kind", async () => {
    const video: Appointment = { ...VISIT, type: 'video_call', consultationTypeTitle: 'Follow-up' };
    renderHome({ appointments: [video] });
    const card = await screen.findByRole('region', { name: 'Your next visit' });
    expect(within(card).getByText('Follow-up')).toBeInTheDocument();
    expect(within(card).getByText('Video visit')).toBeInTheDocument();
  });

  it('says when the video room opens while it is still closed', async () => {
    const video: Appointment = { ...VISIT, type: 'video_call', allowVideoCall: false };
    renderHome({ appointments: [video] });
    const card = await screen.findByRole('region', { name: 'Your next visit' });
    expect(
      within(card).getByText('You can join the video visit from 15 minutes before it starts.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Join video' })).toBeNull();
  });

  it('shows the tasks due, the balance due and the unread messages with their links', async () => {
    renderHome({
      appointments: [VISIT],
      tasks: [task('a', false), task('b', false), task('c', true)],
      balanceCents: 4250,
      unread: 1,
    });
    const tasks = await screen.findByRole('region', { name: 'Tasks due' });
    expect(await within(tasks).findByText('2 tasks to do')).toBeInTheDocument();
    expect(within(tasks).getByRole('link', { name: 'View tasks' })).toHaveAttribute(
      'href',
      '/user/task-feed',
    );
    const balance = screen.getByRole('region', { name: 'Balance due' });
    expect(await within(balance).findByText('$42.50')).toBeInTheDocument();
    expect(within(balance).getByRole('link', { name: 'Pay balance' })).toHaveAttribute(
      'href',
      '/user/outstanding-balance-list',
    );
    const messages = screen.getByRole('region', { name: 'Messages' });
    expect(await within(messages).findByText('1 unread message')).toBeInTheDocument();
    expect(within(messages).getByRole('link', { name: 'Open messages' })).toHaveAttribute(
      'href',
      '/user/message',
    );
  });

  it('says when nothing is waiting', async () => {
    renderHome({ appointments: [VISIT], tasks: [task('a', true)] });
    expect(await screen.findByText('Nothing to do')).toBeInTheDocument();
    expect(await screen.findByText('Nothing due')).toBeInTheDocument();
    expect(await screen.findByText('No unread messages')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Your next visit' });
    expect(await within(card).findByText('Check-in complete')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /check-in/ })).toBeNull();
  });

  it('without an upcoming visit shows the empty state with Schedule a visit', async () => {
    renderHome({ appointments: [] });
    expect(await screen.findByRole('heading', { name: 'You have no appointments yet.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule a visit' })).toHaveAttribute(
      'href',
      '/user/appointment/create',
    );
    expect(screen.queryByRole('region', { name: 'Your next visit' })).toBeNull();
  });

  it('cancels the next visit after the confirm dialog and moves on to the one after it', async () => {
    const user = userEvent.setup();
    const later = {
      ...VISIT,
      id: 'later-visit',
      startAt: '2026-12-10T09:30:00-05:00',
      finishAt: '2026-12-10T10:00:00-05:00',
    };
    const { deleted } = renderHome({ appointments: [VISIT, later] });
    const card = await screen.findByRole('region', { name: 'Your next visit' });
    await user.click(within(card).getByRole('button', { name: 'Cancel visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warning' });
    await user.click(within(dialog).getByRole('button', { name: 'YES, CANCEL' }));
    await waitFor(() => {
      expect(deleted).toEqual([VISIT.id]);
    });
    await waitFor(() => {
      expect(screen.getByRole('region', { name: 'Your next visit' })).toHaveTextContent(
        'Thu, Dec 10, 9:30 AM EST',
      );
    });
  });
});
