import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderRoutes, renderWithProviders } from '../../../test/render.tsx';
import { ProviderRouteGuard } from '../../../app/guards/provider-route-guard.tsx';
import { WaitTimesPage } from './wait-times-page.tsx';

const CLINIC = '11111111-1111-4111-8111-111111111111';
const entries = [
  {
    id: '22222222-2222-4222-8222-222222222222',
    departmentUuid: '33333333-3333-4333-8333-333333333333',
    departmentName: 'North',
    bufferTime: 600,
  },
  {
    id: '44444444-4444-4444-8444-444444444444',
    departmentUuid: '55555555-5555-4555-8555-555555555555',
    departmentName: 'South',
    bufferTime: 0,
  },
];
const workspace = (permissions: string[]) => ({
  providerId: '66666666-6666-4666-8666-666666666666',
  name: 'Alice Smith',
  firstName: 'Alice',
  email: null,
  image: null,
  permissions,
  clinicId: CLINIC,
  clinics: [{ id: CLINIC, name: 'Clinic', modules: [] }],
});

function stubApi(permissions: string[], list = entries) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ url, method, body });
      let answer: unknown = {};
      if (url === '/api/provider/workspace') {
        answer = workspace(permissions);
      } else if (method === 'GET') {
        answer = list;
      } else {
        const seconds = (body as { bufferTime: number }).bufferTime;
        answer = { ...list[0], bufferTime: seconds };
      }
      return Promise.resolve(
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

describe('Wait times panel (spec 3 §2, §4, §5)', () => {
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

  it('shows the buffer in minutes, edits it and sends minutes × 60 as seconds', async () => {
    const calls = stubApi(['WAIT_TIMES']);
    renderWithProviders(<WaitTimesPage />);
    expect(await screen.findByLabelText('Choose department:')).toBeInTheDocument();
    const buffer = screen.getByLabelText('Buffer:');
    expect(buffer).toHaveValue(10);
    expect(buffer).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Edit buffer' }));
    expect(buffer).not.toHaveAttribute('readonly');
    await userEvent.clear(buffer);
    await userEvent.type(buffer, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm buffer' }));
    await waitFor(() => {
      expect(buffer).toHaveAttribute('readonly');
    });
    expect(buffer).toHaveValue(25);
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe(`/api/provider/clinics/${CLINIC}/waiting-times/${entries[0]?.id ?? ''}`);
    expect(put?.body).toEqual({ bufferTime: 1500 });
  });

  it('preselects a single department without the select', async () => {
    stubApi(['WAIT_TIMES'], entries.slice(0, 1));
    renderWithProviders(<WaitTimesPage />);
    expect(await screen.findByText('North')).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose department:')).not.toBeInTheDocument();
  });

  it("says so without WAIT_TIMES, through the router's guard, and asks for no entries", async () => {
    const calls = stubApi([]);
    renderRoutes(
      [
        {
          path: '/provider/wait-times',
          handle: { titleKey: 'route.provider.waitTimes' },
          element: (
            <ProviderRouteGuard path="/provider/wait-times">
              <WaitTimesPage />
            </ProviderRouteGuard>
          ),
        },
      ],
      '/provider/wait-times',
    );
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/provider/workspace']);
  });
});
