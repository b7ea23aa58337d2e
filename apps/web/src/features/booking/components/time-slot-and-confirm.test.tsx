import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_CONFIG } from '../../../test/render.tsx';
import {
  CLINIC,
  consultationType,
  DEPARTMENT,
  fakeServer,
  PROVIDER,
  provider,
  renderBooking,
  schedulingOptions,
  TYPE,
} from './booking-test-utils.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  window.innerWidth = 1024;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const slot = (startAt: string, finishAt: string) => ({
  startTimestamp: Date.parse(startAt) / 1000,
  startAt,
  finishAt,
  externalId: `ext-${startAt}`,
});
const TUE_9 = slot('2026-11-24T09:00:00-05:00', '2026-11-24T09:30:00-05:00');
const TUE_930 = slot('2026-11-24T09:30:00-05:00', '2026-11-24T10:00:00-05:00');
/** The slots of the list whose (New York) day lies in the asked window. */
function inWindow(query: URLSearchParams, list: ReturnType<typeof slot>[]) {
  const from = query.get('startAt') ?? '';
  const to = query.get('finishAt') ?? '';
  return list.filter((item) => item.startAt.slice(0, 10) >= from && item.startAt.slice(0, 10) <= to);
}
const FLOW = `clinicUuid=${CLINIC}&providerId=${PROVIDER}&departmentId=${DEPARTMENT}&consultationTypeId=${TYPE}`;

function catalogue(path: string) {
  if (path === `/api/clinics/${CLINIC}/scheduling-options`) {
    return { body: schedulingOptions() };
  }
  if (path === `/api/scheduling/providers/${PROVIDER}`) {
    return { body: provider };
  }
  if (path === `/api/scheduling/consultation-types/${TYPE}`) {
    return { body: consultationType() };
  }
  if (path === '/api/scheduling/consultation-type-settings') {
    return { body: { bookingOpenDate: null, bookingCloseDate: '2027-03-01' } };
  }
  return undefined;
}

describe('time slot picker (spec 2 §2, §4, §8)', { timeout: 20_000 }, () => {
  it('shows a 7-day window, freezes the chosen slot and goes to confirm with the §4 params', async () => {
    const server = fakeServer(({ path, method, query }) => {
      if (path === '/api/scheduling/time-slots') {
        return { body: inWindow(query, [TUE_9, TUE_930]) };
      }
      if (path === '/api/scheduling/time-slots/freeze' && method === 'POST') {
        return {
          body: { holdId: 'h', startAt: TUE_9.startAt, finishAt: TUE_9.finishAt, expiresAt: TUE_9.finishAt },
        };
      }
      return catalogue(path);
    });
    const { router } = await renderBooking(`/user/appointment/create/time-slots?${FLOW}`);
    expect(await screen.findByText('Bring your medication list.')).toBeInTheDocument();
    const grid = await screen.findByRole('group', { name: 'Available times' });
    expect(within(grid).getAllByRole('group')).toHaveLength(7);
    // The first slot is on Tuesday: the window skips forward to it (spec 2 §4).
    expect(within(grid).getAllByRole('group')[0]).toHaveTextContent('TueNov 24');
    expect(screen.getByRole('button', { name: 'Previous days' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next days' })).toBeInTheDocument();
    const windows = server.calls.filter((call) => call.path === '/api/scheduling/time-slots');
    expect(windows.map((call) => [call.query.get('startAt'), call.query.get('finishAt')])).toEqual([
      ['2026-11-23', '2026-11-29'],
      ['2026-11-30', '2026-11-30'],
    ]);
    expect(screen.getAllByRole('button', { name: /AM, Tuesday/ })).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: '9:00 AM, Tuesday, November 24' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment/create/confirm');
    });
    const freeze = server.calls.find((call) => call.path === '/api/scheduling/time-slots/freeze');
    expect(freeze?.body).toEqual({
      clinicUuid: CLINIC,
      doctorId: PROVIDER,
      consultationId: TYPE,
      departmentUuid: DEPARTMENT,
      startAtTimestamp: TUE_9.startTimestamp,
    });
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('startAt')).toBe(TUE_9.startAt);
    expect(query.get('finishAt')).toBe(TUE_9.finishAt);
    expect(query.get('externalId')).toBe(TUE_9.externalId);
  });

  it('loads the next window with the arrow and keeps focus on it', async () => {
    const LATER = slot('2026-12-02T10:00:00-05:00', '2026-12-02T10:30:00-05:00');
    const server = fakeServer(({ path, query }) =>
      path === '/api/scheduling/time-slots' ? { body: inWindow(query, [TUE_9, LATER]) } : catalogue(path),
    );
    await renderBooking(`/user/appointment/create/time-slots?${FLOW}`);
    await screen.findByRole('button', { name: '9:00 AM, Tuesday, November 24' });
    const next = screen.getByRole('button', { name: 'Next days' });
    await userEvent.click(next);
    expect(
      await screen.findByRole('button', { name: '10:00 AM, Wednesday, December 2' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next days' })).toHaveFocus();
    const windows = server.calls.filter((call) => call.path === '/api/scheduling/time-slots');
    // Dec 1-7, then the skip forward to Wednesday Dec 2 asks for the one day it adds (spec 2 §4).
    expect(windows.slice(-2).map((call) => [call.query.get('startAt'), call.query.get('finishAt')])).toEqual([
      ['2026-12-01', '2026-12-07'],
      ['2026-12-08', '2026-12-08'],
    ]);
  });

  it('marks a slot unavailable and shows the first error detail when the freeze fails', async () => {
    fakeServer(({ path, query }) => {
      if (path === '/api/scheduling/time-slots') {
        return { body: inWindow(query, [TUE_9, TUE_930]) };
      }
      if (path === '/api/scheduling/time-slots/freeze') {
        return {
          status: 409,
          body: { message: 'Conflict', errors: [{ detail: 'Someone else is booking this time right now.' }] },
        };
      }
      return catalogue(path);
    });
    await renderBooking(`/user/appointment/create/time-slots?${FLOW}`);
    await userEvent.click(await screen.findByRole('button', { name: '9:00 AM, Tuesday, November 24' }));
    const dialog = await screen.findByRole('dialog', { name: 'This time is not available' });
    expect(dialog).toHaveTextContent('Someone else is booking this time right now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: '9:00 AM, Tuesday, November 24, unavailable' })).toBeDisabled();
  });

  it('shows the empty-state texts after the 90-day walk finds nothing', async () => {
    const server = fakeServer(({ path }) =>
      path === '/api/scheduling/time-slots' ? { body: [] } : catalogue(path),
    );
    await renderBooking(`/user/appointment/create/time-slots?${FLOW}`);
    expect(await screen.findByText('We are sorry ...')).toBeInTheDocument();
    expect(
      screen.getByText('It looks like there is no availability for the criteria chosen.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please contact our office to schedule an appointment.')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === '/api/scheduling/time-slots')).toHaveLength(13);
  });

  it('shows the load error, in its rescheduling variant with cancelAppointmentId', async () => {
    fakeServer(({ path }) =>
      path === '/api/scheduling/time-slots' ? { status: 500, body: { message: 'boom' } } : catalogue(path),
    );
    await renderBooking(
      `/user/appointment/create/time-slots?${FLOW}&cancelAppointmentId=aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa`,
    );
    expect(
      await screen.findByText(
        'This appointment cannot be rescheduled at this time. Please contact our office to reschedule',
      ),
    ).toBeInTheDocument();
  });

  it('hides the message and ignores the booking bounds in the care-manager app', async () => {
    const server = fakeServer(({ path, query }) =>
      path === '/api/scheduling/time-slots' ? { body: inWindow(query, [TUE_9]) } : catalogue(path),
    );
    await renderBooking(`/provider/patient/${PROVIDER}/appointments/create/time-slots?${FLOW}`, {
      ...TEST_CONFIG,
      variant: 'care-manager',
    });
    await screen.findByRole('button', { name: '9:00 AM, Tuesday, November 24' });
    expect(screen.queryByText('Bring your medication list.')).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.path === '/api/scheduling/consultation-type-settings')).toBe(
      false,
    );
  });
});

describe('confirm (spec 2 §2, §3, §5)', { timeout: 20_000 }, () => {
  const CONFIRM = `${FLOW}&startAt=${encodeURIComponent(TUE_9.startAt)}&finishAt=${encodeURIComponent(TUE_9.finishAt)}&externalId=${TUE_9.externalId}`;

  it("counts 'n / max', requires a trimmed reason and sends it trimmed", async () => {
    const server = fakeServer(({ path, method }) =>
      path === '/api/appointments' && method === 'POST'
        ? { status: 201, body: { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' } }
        : catalogue(path),
    );
    const { router } = await renderBooking(`/user/appointment/create/confirm?${CONFIRM}`);
    const button = await screen.findByRole('button', { name: 'SCHEDULE NOW' });
    const reason = await screen.findByLabelText(/Reason for visit/);
    expect(screen.getByText('0 / 20')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await userEvent.type(reason, '   ');
    expect(button).toBeDisabled();
    await userEvent.clear(reason);
    await userEvent.type(reason, ' knee pain ');
    expect(screen.getByText('11 / 20')).toBeInTheDocument();
    expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment/create/summary');
    });
    const create = server.calls.find((call) => call.path === '/api/appointments');
    expect(create?.body).toEqual({
      clinicUuid: CLINIC,
      departmentUuid: DEPARTMENT,
      providerId: PROVIDER,
      consultationTypeId: TYPE,
      startAt: TUE_9.startAt,
      finishAt: TUE_9.finishAt,
      externalId: TUE_9.externalId,
      flexibleDayList: [],
      text: 'knee pain',
    });
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('appointmentId')).toBe('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
    expect(query.getAll('startAt')).toEqual([TUE_9.startAt]);
    expect(query.get('status')).toBe('scheduled');
  });

  it('sends no text when the reason is optional and blank, and userId when a provider books', async () => {
    const server = fakeServer(({ path, method }) => {
      if (path === `/api/scheduling/consultation-types/${TYPE}`) {
        return { body: consultationType({ isCommentRequired: false }) };
      }
      return path === '/api/appointments' && method === 'POST'
        ? { status: 201, body: { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' } }
        : catalogue(path);
    });
    const patient = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    const { router } = await renderBooking(
      `/provider/patient/${patient}/appointments/create/confirm?${CONFIRM}`,
    );
    const button = await screen.findByRole('button', { name: 'SCHEDULE NOW' });
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    await userEvent.type(screen.getByLabelText(/Reason for visit/), '  ');
    await userEvent.click(button);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/provider/patient/${patient}/appointments/create/summary`);
    });
    const body = server.calls.find((call) => call.path === '/api/appointments')?.body as Record<
      string,
      unknown
    >;
    expect(body.userId).toBe(patient);
    expect(body).not.toHaveProperty('text');
  });

  it('keeps the reason for the visit on a reschedule, still changeable (issue 18)', async () => {
    const replacedId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const server = fakeServer(({ path, method }) => {
      if (path === `/api/appointments/${replacedId}`) {
        return {
          body: {
            id: replacedId,
            appointmentId: replacedId,
            uuid: replacedId,
            clinicUuid: CLINIC,
            clinicName: 'Riverside',
            userId: 'u1',
            patientId: 'u1',
            patientName: 'Maria Lopez',
            providerId: PROVIDER,
            departmentUuid: DEPARTMENT,
            departmentName: 'Riverside Main',
            consultationTypeId: TYPE,
            consultationTypeTitle: 'Follow-up visit',
            consultationTypeMessage: null,
            startAt: '2026-11-23T09:00:00-05:00',
            finishAt: '2026-11-23T09:30:00-05:00',
            timezone: 'America/New_York',
            type: 'office',
            status: 'booked',
            confirmedAt: null,
            isCancellable: true,
            canPatientCancel: true,
            allowVideoCall: false,
            hasNewVideoLayout: false,
            isPreCheckIn: false,
            isNewCheckIn: false,
            isInWaitList: false,
            isConvertRequired: false,
            doctorName: 'Dr. Alex Smith',
            doctorImage: null,
            address: null,
            attachments: [],
            appointmentComment: 'Knee pain',
            externalId: null,
            waitlist: { isAvailable: false },
          },
        };
      }
      return path === '/api/appointments' && method === 'POST'
        ? { status: 201, body: { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' } }
        : catalogue(path);
    });
    const { router } = await renderBooking(
      `/user/appointment/create/confirm-reschedule?${CONFIRM}&cancelAppointmentId=${replacedId}`,
    );
    const reason = await screen.findByLabelText(/Reason for visit/);
    await waitFor(() => {
      expect(reason).toHaveValue('Knee pain');
    });
    expect(screen.getByText('9 / 20')).toBeInTheDocument();
    await userEvent.type(reason, ', left');
    await userEvent.click(screen.getByRole('button', { name: 'SCHEDULE NOW' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment/create/summary');
    });
    const body = server.calls.find((call) => call.path === '/api/appointments' && call.method === 'POST')
      ?.body as Record<string, unknown>;
    expect([body.text, body.cancelAppointmentId]).toEqual(['Knee pain, left', replacedId]);
  });

  it('creates a recurring series slot by slot; failed times go to failedStartAt', async () => {
    const WED = slot('2026-12-08T09:00:00-05:00', '2026-12-08T09:30:00-05:00');
    let count = 0;
    fakeServer(({ path, method }) => {
      if (path === `/api/scheduling/consultation-types/${TYPE}`) {
        return { body: consultationType({ isCommentRequired: false }) };
      }
      if (path === '/api/appointments' && method === 'POST') {
        count += 1;
        return count === 2
          ? {
              status: 409,
              body: { message: 'This time is no longer available. Please choose another time.' },
            }
          : { status: 201, body: { id: `dddddddd-dddd-4ddd-8ddd-00000000000${String(count)}` } };
      }
      return catalogue(path);
    });
    const series = [TUE_9, WED];
    const query = series
      .map(
        (item) =>
          `startAt=${encodeURIComponent(item.startAt)}&finishAt=${encodeURIComponent(item.finishAt)}&externalId=${item.externalId}`,
      )
      .join('&');
    const { router } = await renderBooking(
      `/user/appointment/create/confirm-reschedule?${FLOW}&${query}&cancelAppointmentId=aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa`,
    );
    const button = await screen.findByRole('button', { name: 'SCHEDULE NOW' });
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(button);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/appointment/create/summary');
    });
    const summary = new URLSearchParams(router.state.location.search);
    expect(summary.get('appointmentId')).toBe('dddddddd-dddd-4ddd-8ddd-000000000001');
    expect(summary.getAll('startAt')).toEqual([TUE_9.startAt]);
    expect(summary.getAll('failedStartAt')).toEqual([WED.startAt]);
    expect(summary.get('status')).toBe('rescheduled');
  });
});
