import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SmartConsentRequest } from '@app/contracts/smart-apps';
import { renderRoutes } from '../../../test/render.tsx';
import { clearSession, setSession } from '../../../lib/auth/session-store.ts';
import { ConnectAppPage, leavePortal } from './connect-app-page.tsx';
import { PATIENT_SESSION } from './patient-session.test-helper.ts';

// The consent screen with a mocked fetch (unit level); the real server in e2e/tests/smart-apps.spec.ts.

configure({ asyncUtilTimeout: 5000 });

const REQUEST_ID = '11111111-1111-4111-8111-111111111111';
const REQUEST: SmartConsentRequest = {
  id: REQUEST_ID,
  appName: 'Health Diary',
  redirectOrigin: 'https://diary.example.org',
  scopes: ['patient/Observation.rs', 'patient/Appointment.rs', 'offline_access'],
  scopeGroups: ['appointments', 'vitals', 'offline'],
  reach: 'own',
  clinics: [],
};
/** A provider's launch (decision 0089): user/ scopes, the clinics where they hold PATIENT. */
const CLINIC_REQUEST: SmartConsentRequest = {
  id: REQUEST_ID,
  appName: 'Clinic Dashboard',
  redirectOrigin: 'https://dashboard.example.org',
  scopes: ['user/Patient.rs', 'user/Observation.rs'],
  scopeGroups: ['profile', 'vitals'],
  reach: 'clinics',
  clinics: [
    { id: '33333333-3333-4333-8333-333333333333', name: 'Harbor Clinic' },
    { id: '44444444-4444-4444-8444-444444444444', name: 'Northside Practice' },
  ],
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function mockFetch(answer: (url: string, method: string) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url: input, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      return Promise.resolve(answer(input, method));
    }),
  );
  return calls;
}

function renderPage(area: 'user' | 'provider' = 'user') {
  return renderRoutes(
    [{ path: `/${area}/connect-app/:requestId`, element: <ConnectAppPage /> }],
    `/${area}/connect-app/${REQUEST_ID}`,
  );
}

describe('ConnectAppPage (issue 21 item 3)', () => {
  beforeEach(() => {
    setSession(PATIENT_SESSION);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('names the app, where it lives and what it may read, one line per kind of data', async () => {
    mockFetch(() => Response.json(REQUEST));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connect Health Diary to your account?' }),
    ).toBeVisible();
    expect(
      screen.getByText('Health Diary (https://diary.example.org) asks to read this from your record:'),
    ).toBeVisible();
    const lines = within(screen.getByTestId('consent-scopes'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Your appointments',
      'Your vitals and measurements',
      'Keep this access when you are not using the portal, until you disconnect it',
    ]);
    expect(screen.getByRole('button', { name: 'Allow' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeEnabled();
  });

  it('Allow sends the decision and takes the browser back to the app with its code', async () => {
    const calls = mockFetch((url) =>
      url.endsWith('/decision')
        ? Response.json({ redirectUrl: 'https://diary.example.org/cb?code=sac_x&state=s' })
        : Response.json(REQUEST),
    );
    const assign = vi.spyOn(leavePortal, 'assign').mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://diary.example.org/cb?code=sac_x&state=s');
    });
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: `/api/smart/requests/${REQUEST_ID}/decision`,
      method: 'POST',
      body: { allow: true },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Returning you to the app…');
  });

  it('Deny sends allow: false', async () => {
    const calls = mockFetch((url) =>
      url.endsWith('/decision')
        ? Response.json({ redirectUrl: 'https://diary.example.org/cb?error=access_denied&state=s' })
        : Response.json(REQUEST),
    );
    const assign = vi.spyOn(leavePortal, 'assign').mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://diary.example.org/cb?error=access_denied&state=s');
    });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ allow: false });
  });

  it("an expired or answered request shows the server's message and no buttons", async () => {
    mockFetch(() =>
      Response.json(
        { message: 'This connection request has expired or was already answered. Start again from the app.' },
        { status: 404 },
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This connection request has expired');
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });

  it("a provider's launch reads as their patients' data and names the clinics it reaches", async () => {
    mockFetch(() => Response.json(CLINIC_REQUEST));
    renderPage('provider');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "Let Clinic Dashboard read your patients' records?",
      }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Clinic Dashboard (https://dashboard.example.org) asks to read this from the records of your patients:',
      ),
    ).toBeVisible();
    const lines = within(screen.getByTestId('consent-scopes'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      "Your patients' profiles: name, date of birth and contact details",
      "Your patients' vitals and measurements",
    ]);
    const clinics = screen.getByRole('region', { name: 'Clinics whose patients it may read' });
    expect(
      within(clinics)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Harbor Clinic', 'Northside Practice']);
    expect(screen.getByRole('button', { name: 'Allow' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Deny' })).toBeEnabled();
  });

  it('a provider without PATIENT anywhere is told why and offered only Deny', async () => {
    const calls = mockFetch((url) =>
      url.endsWith('/decision')
        ? Response.json({ redirectUrl: 'https://dashboard.example.org/cb?error=access_denied&state=s' })
        : Response.json({ ...CLINIC_REQUEST, clinics: [] }),
    );
    const assign = vi.spyOn(leavePortal, 'assign').mockImplementation(() => undefined);
    renderPage('provider');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You hold the Patient permission at no clinic, so this app would have no records to read.',
    );
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Clinics whose patients it may read' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://dashboard.example.org/cb?error=access_denied&state=s');
    });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ allow: false });
  });
});
