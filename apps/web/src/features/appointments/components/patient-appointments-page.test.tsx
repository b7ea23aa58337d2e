import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '@app/contracts/appointments';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { LOCAL_KEYS } from '../../../lib/storage/storage-keys.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PatientAppointmentsPage } from './patient-appointments-page.tsx';

// Issue 18 item 3 (decision 0052): "View details" in the provider's chart opens the details there and
// never switches the provider into the patient's session.

const PATIENT = '55555555-5555-4555-8555-555555555555';
// Far ahead, so it is upcoming whatever day the test runs.
const START = '2099-03-10T14:30:00.000Z';

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    appointmentId: '00000000-0000-4000-8000-000000000001',
    uuid: '00000000-0000-4000-8000-000000000002',
    clinicUuid: '11111111-1111-4111-8111-111111111111',
    clinicName: 'Riverside Family Health',
    userId: PATIENT,
    patientId: PATIENT,
    patientName: 'Petra Booked',
    providerId: '22222222-2222-4222-8222-222222222222',
    departmentUuid: '44444444-4444-4444-8444-444444444444',
    departmentName: 'Riverside Main Clinic',
    consultationTypeId: '66666666-6666-4666-8666-666666666666',
    consultationTypeTitle: 'Follow-up',
    consultationTypeMessage: 'Bring your medication list.',
    startAt: START,
    finishAt: '2099-03-10T14:45:00.000Z',
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
    doctorName: 'Alice Smith, MD',
    doctorImage: null,
    address: { line: '120 River Road, Albany, NY 12207', city: 'Albany', stateId: null, state: 'NY' },
    attachments: [],
    appointmentComment: 'Knee pain after running',
    externalId: null,
    waitlist: { isAvailable: false },
    ...overrides,
  };
}

function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      let body: unknown = {};
      if (url.pathname === `/api/patients/${PATIENT}`) {
        body = {
          id: PATIENT,
          memberId: 'M-1',
          firstName: 'Petra',
          lastName: 'Booked',
          name: 'Petra Booked',
          birthdate: null,
        };
      } else if (url.pathname === '/api/appointments') {
        body = { appointments: [appointment()] };
      }
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return calls;
}

describe(
  'a provider opens an appointment from the patient chart (decision 0052)',
  { timeout: 30_000 },
  () => {
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
      localStorage.setItem(LOCAL_KEYS.memberType, 'doctor');
      localStorage.setItem(LOCAL_KEYS.providerPermissions, JSON.stringify(['PATIENT', 'APPOINTMENTS']));
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      localStorage.clear();
      sessionStorage.clear();
      forgetCachedSession();
    });

    it('shows the details in place, stays on the provider page and asks for no patient session', async () => {
      const calls = stubApi();
      const path = `/provider/patient/${PATIENT}/appointments`;
      const { router } = renderRoutes(
        [{ path: '/provider/patient/:patientId/appointments', element: <PatientAppointmentsPage /> }],
        path,
      );
      const upcoming = await screen.findByRole('region', { name: 'Upcoming appointments' });
      const button = await within(upcoming).findByRole('button', {
        name: /^View details of the appointment on/,
      });
      expect(button).toHaveAttribute('aria-expanded', 'false');

      await userEvent.click(button);
      const details = await screen.findByRole('region', { name: /^Details of the appointment on/ });
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(button).toHaveAttribute('aria-controls', details.id);
      expect(button).toHaveAccessibleName(/^Hide details of the appointment on/);
      expect(within(details).getByText('Office visit')).toBeVisible();
      expect(within(details).getByText('Knee pain after running')).toBeVisible();
      expect(within(details).getByText('Bring your medication list.')).toBeVisible();
      expect(
        within(details).getByText(
          'Riverside Main Clinic · Riverside Family Health · 120 River Road, Albany, NY 12207',
        ),
      ).toBeVisible();
      expect(within(details).getByText('No documents have been added yet.')).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
      // No token request: the provider is still the provider.
      expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);

      await userEvent.click(button);
      expect(
        screen.queryByRole('region', { name: /^Details of the appointment on/ }),
      ).not.toBeInTheDocument();
    });
  },
);
