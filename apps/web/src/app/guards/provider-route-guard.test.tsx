import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { forgetCachedSession, setSession } from '../../lib/auth/session-store.ts';
import { renderRoutes } from '../../test/render.tsx';
import type { RouteTitleKey } from '../route-map.ts';
import { ProviderRouteGuard } from './provider-route-guard.tsx';

const CLINIC = '11111111-1111-4111-8111-111111111111';

function stubWorkspace(permissions: string[], modules: string[] = []) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      return Promise.resolve(
        new Response(
          JSON.stringify({
            providerId: '66666666-6666-4666-8666-666666666666',
            name: 'Alice Smith',
            firstName: 'Alice',
            email: null,
            image: null,
            permissions,
            clinicId: CLINIC,
            clinics: [{ id: CLINIC, name: 'Clinic', modules }],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      );
    }),
  );
  return calls;
}

function open(path: string, titleKey: RouteTitleKey, url = path) {
  return renderRoutes(
    [
      {
        path,
        handle: { titleKey },
        element: (
          <ProviderRouteGuard path={path}>
            <p>the screen</p>
          </ProviderRouteGuard>
        ),
      },
    ],
    url,
  );
}

describe('the provider route guard (spec 3 §6, PROVIDER_ROUTE_GATES)', () => {
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

  it('renders the screen when the permission and the module hold', async () => {
    stubWorkspace(['BULK_MESSAGING'], ['BULK_MESSAGING']);
    open('/provider/bulk-message', 'route.provider.bulkMessage');
    expect(await screen.findByText('the screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the screen's title and the row's sentence when the module is off", async () => {
    stubWorkspace(['BULK_MESSAGING']);
    open('/provider/bulk-message', 'route.provider.bulkMessage');
    expect(
      await screen.findByText(
        'Bulk messaging needs the bulk messaging permission and the clinic’s bulk messaging module.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bulk Messaging' })).toBeInTheDocument();
    expect(screen.queryByText('the screen')).not.toBeInTheDocument();
  });

  it("inside the patient view: the shell's sentence without PATIENT, and no second h1", async () => {
    stubWorkspace(['REMOTE_PATIENT_MONITORING']);
    open(
      '/provider/patient/:patientId/health',
      'route.provider.patientHealth',
      '/provider/patient/p1/health',
    );
    expect(await screen.findByText('You do not have access to view patient details.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('asks for several permissions when the row names several', async () => {
    stubWorkspace(['PATIENT']);
    open(
      '/provider/patient/:patientId/message',
      'route.provider.patientMessage',
      '/provider/patient/p1/message',
    );
    expect(await screen.findByText('You do not have access to messaging.')).toBeInTheDocument();
  });
});
