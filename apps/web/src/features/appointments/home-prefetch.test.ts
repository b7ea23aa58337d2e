import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { clearSession, forgetCachedSession, setSession } from '../../lib/auth/session-store.ts';
import { checkInTasksQuery } from '../check-in/api/check-in-api.ts';
import { taskFeedQuery } from '../check-in/api/task-feed.ts';
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

  it("asks for each check-in list once: the task count and the next visit's progress share the answers (decision 0068)", async () => {
    signIn('user');
    const entry = {
      departmentUuid: 'd-1',
      departmentName: 'Clinic',
      date: '2026-12-01',
      appointmentIds: ['a-1', 'a-2'],
      startAt: '2026-12-01T15:00:00.000Z',
      timezone: 'America/New_York',
      isFinished: false,
      flow: 'new',
    };
    const fetchSpy = vi.fn((input: unknown) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      const body = path === '/api/check-in/entries' ? [entry] : path.includes('/tasks') ? [] : {};
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchSpy);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    prefetchPatientHome(client);
    await vi.waitFor(() => {
      expect(client.getQueryState(taskFeedQuery().queryKey)?.status).toBe('success');
    });
    // The next-visit card's own question for the entry's tasks is answered from the cache.
    await client.query(checkInTasksQuery(entry.appointmentIds));
    const asked = askedPaths(fetchSpy);
    expect(asked.filter((path) => path === '/api/check-in/entries')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/check-in/appointments/a-1/tasks')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/check-in/appointments/a-2/tasks')).toHaveLength(1);
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
