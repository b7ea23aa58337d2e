import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerDevice } from './register-device.ts';

const DEVICE_ID = '0b6f5a2e-1c1d-4c7a-9f55-9f7c3c1e2a10';

function urlOf(input: RequestInfo | URL | undefined): string {
  if (typeof input === 'string') {
    return input;
  }
  return input instanceof URL ? input.href : (input?.url ?? '');
}

function answer(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('device registration (spec 1 §4, §7, §8; issue 18)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${urlOf(url).split('?')[0] ?? ''}`);

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('registers the device with one create-or-update call (no 404 read), then stores the ticket', async () => {
    fetchMock.mockImplementation((input, init) => {
      const url = urlOf(input);
      const method = init?.method ?? 'GET';
      if (url.startsWith('/public/push/public-key')) {
        return Promise.resolve(answer(200, { publicKey: null }));
      }
      if (method === 'POST' && url === '/api/user/devices') {
        return Promise.resolve(answer(201, { deviceId: DEVICE_ID }));
      }
      if (method === 'POST' && url === `/api/user/device/${DEVICE_ID}/ticket`) {
        return Promise.resolve(answer(200, { ticket: 'the-ticket' }));
      }
      return Promise.resolve(answer(500, { message: 'unexpected' }));
    });

    await registerDevice();

    expect(calls()).toEqual([
      'GET /public/push/public-key',
      'POST /api/user/devices',
      `POST /api/user/device/${DEVICE_ID}/ticket`,
    ]);
    const pushId = localStorage.getItem('pushId');
    expect(pushId).toMatch(/^web-[0-9a-f]{32}$/);
    const created = JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string) as unknown;
    expect(created).toEqual({
      deviceIdentifier: pushId,
      deviceType: 'web',
      deviceToken: null,
      pushSubscription: null,
    });
    expect(localStorage.getItem('deviceId')).toBe(DEVICE_ID);
    expect(localStorage.getItem('ticket')).toBe('the-ticket');
  });

  it('sends the same pushId again on the next login (the server updates its device)', async () => {
    localStorage.setItem('pushId', `web-${'a'.repeat(32)}`);
    fetchMock.mockImplementation((input, init) => {
      const url = urlOf(input);
      const method = init?.method ?? 'GET';
      if (url.startsWith('/public/push/public-key')) {
        return Promise.resolve(answer(200, { publicKey: null }));
      }
      if (method === 'POST' && url === '/api/user/devices') {
        return Promise.resolve(answer(200, { deviceId: DEVICE_ID }));
      }
      return Promise.resolve(answer(200, { ticket: 'next-ticket' }));
    });

    await registerDevice();

    expect(calls()).toEqual([
      'GET /public/push/public-key',
      'POST /api/user/devices',
      `POST /api/user/device/${DEVICE_ID}/ticket`,
    ]);
    const sent = JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string) as { deviceIdentifier: string };
    expect(sent.deviceIdentifier).toBe(`web-${'a'.repeat(32)}`);
    expect(localStorage.getItem('ticket')).toBe('next-ticket');
  });

  it('stops on any other failure without storing a ticket', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).startsWith('/public/')
          ? answer(200, { publicKey: null })
          : answer(403, { message: 'no' }),
      ),
    );
    await expect(registerDevice()).rejects.toThrow();
    expect(localStorage.getItem('ticket')).toBeNull();
  });
});
