import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserSchema } from '@app/contracts/auth';
import { TEST_CONFIG } from '../../test/render.tsx';
import { forgetCachedSession, getSession, setSession } from '../auth/session-store.ts';
import { onSessionLost } from '../auth/session-events.ts';
import { setLoadedAppConfig } from '../variant/app-config.ts';
import { anyBody, apiRequest } from './api-client.ts';
import { ApiRequestError } from './api-error.ts';

const user = {
  id: 'u1',
  memberId: 'm1',
  memberType: 'patient' as const,
  role: 'user' as const,
  isResetPasswordRequired: false,
  isSecurityQuestionEmpty: false,
};
const me = {
  ...user,
  username: 'jane.patient',
  firstName: 'Jane',
  lastName: 'Patient',
  name: 'Jane Patient',
  email: null,
  image: null,
  timezone: null,
  status: 'active',
  communicationLanguage: { isoCode: 'en' },
  providerPermissions: [],
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function urlsOf(calls: unknown[][]): unknown[] {
  return calls.map((call) => call[0]);
}

function authorizationOf(call: unknown[]): string | undefined {
  const init = call[1] as RequestInit | undefined;
  return (init?.headers as Record<string, string> | undefined)?.authorization;
}

describe('apiRequest and the session', () => {
  beforeEach(() => {
    sessionStorage.clear();
    forgetCachedSession();
    setLoadedAppConfig(TEST_CONFIG);
    setSession({ accessToken: 'old', refreshToken: 'r1', expiresAt: Date.now() + 600_000, user });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    onSessionLost(() => undefined);
  });

  it('refreshes once on the expired-token 401 and repeats the call', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401, { message: 'The access token provided has expired.' }))
      .mockResolvedValueOnce(
        json(200, { access_token: 'new', token_type: 'Bearer', expires_in: 900, refresh_token: 'r2', user }),
      )
      .mockResolvedValueOnce(json(200, me));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiRequest('/api/me', currentUserSchema)).resolves.toMatchObject({
      username: 'jane.patient',
    });
    expect(urlsOf(fetchMock.mock.calls)).toEqual(['/api/me', '/oauth/v2/token', '/api/me']);
    expect(authorizationOf(fetchMock.mock.calls[2] as unknown[])).toBe('Bearer new');
    expect(JSON.parse((fetchMock.mock.calls[1] as [string, { body: string }])[1].body)).toEqual({
      grant_type: 'refresh_token',
      client_id: '34',
      refresh_token: 'r1',
    });
    expect(getSession()?.refreshToken).toBe('r2');
  });

  it('refreshes ahead of expiry before calling', async () => {
    setSession({ accessToken: 'old', refreshToken: 'r1', expiresAt: Date.now() + 30_000, user });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(200, { access_token: 'new', token_type: 'Bearer', expires_in: 900, refresh_token: 'r2', user }),
      )
      .mockResolvedValueOnce(json(200, me));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/me', currentUserSchema);
    expect(urlsOf(fetchMock.mock.calls)).toEqual(['/oauth/v2/token', '/api/me']);
    expect(authorizationOf(fetchMock.mock.calls[1] as unknown[])).toBe('Bearer new');
  });

  it('ends the session when the refresh is refused', async () => {
    const lost = vi.fn();
    onSessionLost(lost);
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json(401, { message: 'The access token provided has expired.' }))
        .mockResolvedValueOnce(
          json(400, { error: 'invalid_grant', error_description: 'Refresh token is not valid.' }),
        ),
    );
    await expect(apiRequest('/api/me', currentUserSchema)).rejects.toBeInstanceOf(ApiRequestError);
    expect(getSession()).toBeNull();
    expect(lost).toHaveBeenCalledOnce();
  });

  it('ends the session when the server says it was revoked from another device', async () => {
    const lost = vi.fn();
    onSessionLost(lost);
    const revoked = { message: 'Authentication is required.', code: 'session_revoked' };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401, revoked))
      .mockResolvedValueOnce(json(401, revoked));
    vi.stubGlobal('fetch', fetchMock);
    // Two screens' calls refused at the same moment: the session ends once.
    const failures = await Promise.all([
      apiRequest('/api/account/sessions', anyBody).catch((error: unknown) => error),
      apiRequest('/api/me', currentUserSchema).catch((error: unknown) => error),
    ]);
    expect(failures).toMatchObject([
      { status: 401, sessionEnded: true },
      { status: 401, sessionEnded: true },
    ]);
    expect(getSession()).toBeNull();
    expect(lost).toHaveBeenCalledOnce();
    // No refresh was tried: the refresh token died with the session.
    expect(urlsOf(fetchMock.mock.calls)).toEqual(['/api/account/sessions', '/api/me']);
  });

  it('ends the session when the repeated call after a refresh is refused as well', async () => {
    const lost = vi.fn();
    onSessionLost(lost);
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json(401, { message: 'The access token provided has expired.' }))
        .mockResolvedValueOnce(
          json(200, {
            access_token: 'new',
            token_type: 'Bearer',
            expires_in: 900,
            refresh_token: 'r2',
            user,
          }),
        )
        .mockResolvedValueOnce(
          json(401, { message: 'Authentication is required.', code: 'unauthenticated' }),
        ),
    );
    await expect(apiRequest('/api/me', currentUserSchema)).rejects.toBeInstanceOf(ApiRequestError);
    expect(getSession()).toBeNull();
    expect(lost).toHaveBeenCalledOnce();
  });

  it('keeps the session on other refusals and on calls sent without it', async () => {
    const lost = vi.fn();
    onSessionLost(lost);
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json(403, { message: 'You have no access.', code: 'forbidden' }))
        .mockResolvedValueOnce(
          json(401, { message: 'Authentication is required.', code: 'unauthenticated' }),
        ),
    );
    await expect(apiRequest('/api/me', currentUserSchema)).rejects.toMatchObject({
      status: 403,
      sessionEnded: false,
    });
    await expect(apiRequest('/public/x', anyBody, { auth: false })).rejects.toMatchObject({
      status: 401,
      sessionEnded: false,
    });
    expect(getSession()?.accessToken).toBe('old');
    expect(lost).not.toHaveBeenCalled();
  });

  it('keeps the banner quiet for a call sent after the session ended, and reports no second loss', async () => {
    const lost = vi.fn();
    onSessionLost(lost);
    sessionStorage.clear();
    forgetCachedSession();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401, { message: 'Authentication is required.', code: 'unauthenticated' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/account/sessions', anyBody)).rejects.toMatchObject({
      status: 401,
      sessionEnded: true,
    });
    expect(authorizationOf(fetchMock.mock.calls[0] as unknown[])).toBeUndefined();
    expect(lost).not.toHaveBeenCalled();
  });

  it('does not end a session signed in again since the refused call left', async () => {
    const lost = vi.fn();
    onSessionLost(lost);
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn().mockReturnValueOnce(
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      ),
    );
    const call = apiRequest('/api/me', currentUserSchema).catch((error: unknown) => error);
    await vi.waitFor(() => {
      expect(fetch).toHaveBeenCalledOnce();
    });
    setSession({ accessToken: 'fresh', refreshToken: 'r9', expiresAt: Date.now() + 600_000, user });
    answer(json(401, { message: 'Authentication is required.', code: 'session_revoked' }));
    await call;
    expect(getSession()?.accessToken).toBe('fresh');
    expect(lost).not.toHaveBeenCalled();
  });

  it('reports the status, URL and body of a failed call', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json(404, { message: 'Clinic not found.' })));
    const failure = await apiRequest('/api/clinics/9', currentUserSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({
      status: 404,
      url: '/api/clinics/9',
      body: { message: 'Clinic not found.' },
    });
  });
});
