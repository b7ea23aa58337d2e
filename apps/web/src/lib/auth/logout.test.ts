import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { performLogout } from './logout.ts';
import { forgetCachedSession, getSession, setSession } from './session-store.ts';

const session = {
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresAt: Date.now() + 600_000,
  user: {
    id: 'u1',
    memberId: 'm1',
    memberType: 'patient' as const,
    role: 'user' as const,
    isResetPasswordRequired: false,
    isSecurityQuestionEmpty: false,
  },
};

describe('performLogout (spec 1 §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    forgetCachedSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('revokes on the server, clears stored data and the cache, and goes to the landing page', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ message: 'Logged out' }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    setSession(session);
    localStorage.setItem('id', 'u1');
    localStorage.setItem('providerPermissions', '[]');
    localStorage.setItem('appMode', 'selfCheckIn');
    sessionStorage.setItem('urlAfterLogin', '/user/family');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['/api/me'], { id: 'u1' });
    const navigate = vi.fn();

    await performLogout({ queryClient, navigate, online: true });

    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer access');
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('authSession')).toBeNull();
    expect(sessionStorage.getItem('urlAfterLogin')).toBeNull();
    expect(localStorage.getItem('id')).toBeNull();
    expect(localStorage.getItem('providerPermissions')).toBeNull();
    // The kiosk mode belongs to the device and survives.
    expect(localStorage.getItem('appMode')).toBe('selfCheckIn');
    expect(queryClient.getQueryData(['/api/me'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/guest/landing');
  });

  it('goes straight to the landing page when offline', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setSession(session);
    const navigate = vi.fn();
    await performLogout({ queryClient: new QueryClient(), navigate, online: false });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/guest/landing');
  });
});
