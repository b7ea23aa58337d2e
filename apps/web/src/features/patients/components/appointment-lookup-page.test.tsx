import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AppointmentLookupPage } from './appointment-lookup-page.tsx';

// Issue 17 item 2 (decision 0041): the look-up needs APPOINTMENTS only, asks nothing for too little
// input, shows name and date of birth, and Schedule opens the provider-select page (spec 3 §2).

const CLINIC = '11111111-1111-4111-8111-111111111111';
const PATIENT = '22222222-2222-4222-8222-222222222222';
const workspace = (permissions: string[]) => ({
  providerId: '66666666-6666-4666-8666-666666666666',
  name: 'Daniel Lee',
  firstName: 'Daniel',
  email: null,
  image: null,
  permissions,
  clinicId: CLINIC,
  clinics: [{ id: CLINIC, name: 'Clinic', modules: [] }],
});

function stubApi(permissions: string[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const answer =
        url === '/api/provider/workspace'
          ? workspace(permissions)
          : { items: [{ id: PATIENT, userId: PATIENT, name: 'Rita Lookup', birthdate: '1990-12-24' }] };
      return Promise.resolve(
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return urls;
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/provider/appointment/search-patient', Component: AppointmentLookupPage },
      { path: '/provider/patient/:patientId/appointments/create', Component: () => <p>Booking start</p> },
    ],
    '/provider/appointment/search-patient',
  );
}

describe('Look up patient for appointment (spec 3 §2, decision 0041)', () => {
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

  it('looks up by name and date of birth with APPOINTMENTS only and opens the provider-select page', async () => {
    const urls = stubApi(['APPOINTMENTS']);
    const { router } = renderPage();
    const name = await screen.findByLabelText('Patient name');
    // Registering needs PATIENT.
    expect(screen.queryByRole('link', { name: 'Register patient' })).not.toBeInTheDocument();
    // The button waits for the workspace's clinic.
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    });
    fireEvent.change(name, { target: { value: 'R' } });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Type at least 2 characters of a name, or a date of birth.')).not.toHaveLength(
      0,
    );
    expect(urls.filter((url) => url.includes('appointment-lookup'))).toEqual([]);

    fireEvent.change(name, { target: { value: 'Rita' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-12-24' } });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Rita Lookup')).toBeInTheDocument();
    expect(screen.getByText('Born Dec 24, 1990')).toBeInTheDocument();
    expect(urls).toContain(
      `/api/provider/clinics/${CLINIC}/appointment-lookup?query=Rita&birthDate=1990-12-24`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Schedule for Rita Lookup' }));
    expect(await screen.findByText('Booking start')).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      `?clinicUuid=${CLINIC}&userId=${PATIENT}&patientId=${PATIENT}&birthDate=1990-12-24`,
    );
  }, 20_000);

  it("says spec 3's no-access text without APPOINTMENTS and asks nothing", async () => {
    const urls = stubApi(['PATIENT']);
    renderPage();
    expect(await screen.findByText('You do not have access to view patient details.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Patient name')).not.toBeInTheDocument();
    expect(urls.filter((url) => url !== '/api/provider/workspace')).toEqual([]);
  });
});
