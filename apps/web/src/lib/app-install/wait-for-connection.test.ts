import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RECONNECT_FIRST_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  isConnectionFailure,
  waitForConnection,
} from './wait-for-connection.ts';

// The offline start reconnects by itself (decision 0038).

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('waitForConnection', () => {
  it('asks again and again, less often the longer the portal is away, until it answers', async () => {
    const answers = [false, false, false, false, false, true];
    const probe = vi.fn(() => Promise.resolve(answers.shift() ?? true));
    const connected = vi.fn();
    void waitForConnection({ probe, target: new EventTarget() }).connected.then(connected);
    const at: number[] = [];
    probe.mockImplementation(() => {
      at.push(Date.now());
      return Promise.resolve(answers.shift() ?? true);
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(200_000);
    expect(at.map((time) => time - start)).toEqual([2_000, 6_000, 14_000, 30_000, 60_000, 90_000]);
    expect(connected).toHaveBeenCalledTimes(1);
    expect(RECONNECT_FIRST_DELAY_MS).toBe(2_000);
    expect(RECONNECT_MAX_DELAY_MS).toBe(30_000);
  });

  it('checks at once when the browser reports a connection', async () => {
    const target = new EventTarget();
    const probe = vi.fn(() => Promise.resolve(true));
    const connected = vi.fn();
    void waitForConnection({ probe, target }).connected.then(connected);
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connected).toHaveBeenCalledTimes(1);
    // Once connected it stops asking.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('takes a failing probe for "still away", and stops when cancelled', async () => {
    const probe = vi.fn(() => Promise.reject(new Error('boom')));
    const connected = vi.fn();
    const waiting = waitForConnection({ probe, target: new EventTarget() });
    void waiting.connected.then(connected);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probe).toHaveBeenCalledTimes(1);
    waiting.cancel();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connected).not.toHaveBeenCalled();
  });

  it("asks the server's health check by default, bypassing every cache", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('ok', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const connected = vi.fn();
    void waitForConnection({ target: new EventTarget() }).connected.then(connected);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledWith('/healthz', { cache: 'no-store' });
    expect(connected).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});

describe('isConnectionFailure', () => {
  it('is a fetch that could not reach the server, or a browser that knows it is offline', () => {
    expect(isConnectionFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isConnectionFailure(new Error('GET /public/app-config answered 500'))).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isConnectionFailure(new Error('GET /public/app-config answered 500'))).toBe(true);
  });
});
