import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { clearSession, forgetCachedSession, setSession } from '../../lib/auth/session-store.ts';
import { prefetchPatientHome } from './home-prefetch.ts';

function signIn(role: 'user' | 'provider') {
  setSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 600_000,
    user: {
      id: 'id-1',
      memberId: 'm-1',
      memberType: role === 'provider' ? 'doctor' : 'patient',
      role,
      isResetPasswordRequired: false,
      isSecurityQuestionEmpty: false,
    },
  });
}

/** The paths the prefetch asked the API for. */
function askedPaths(fetchSpy: ReturnType<typeof vi.fn>): string[] {
  return fetchSpy.mock.calls.map(([input]) => new URL(String(input), 'http://portal.test').pathname).sort();
}

describe('the patient home prefetch', () => {
  afterEach(() => {
    clearSession();
    forgetCachedSession();
    vi.unstubAllGlobals();
  });

  it("asks for the home's visits, check-ins, balance and unread count while the screen loads", async () => {
    signIn('user');
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchSpy);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchPatientHome(client);
    await vi.waitFor(() => {
      expect(askedPaths(fetchSpy)).toEqual(
        expect.arrayContaining([
          '/api/appointments',
          '/api/check-in/entries',
          '/api/messages/unread-count',
          '/api/payments/balances',
        ]),
      );
    });
    // The screen's queries find them under their own keys.
    expect(client.getQueryCache().getAll().length).toBe(5);
  });

  it('asks for nothing without a signed-in patient (the guard sends anyone else elsewhere)', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const client = new QueryClient();
    prefetchPatientHome(client);
    signIn('provider');
    prefetchPatientHome(client);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
