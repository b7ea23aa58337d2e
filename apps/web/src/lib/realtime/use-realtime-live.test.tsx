import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../auth/session-store.ts';
import { FALLBACK_POLL_MS, useRealtimeLive } from './use-realtime-live.ts';

// Decision 0042: a live screen refetches on its events and polls only while the socket is down.

class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(message: object): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code: number): void {
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
}

describe('useRealtimeLive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    setSession({
      accessToken: 'token-1',
      refreshToken: 'refresh',
      expiresAt: Date.now() + 15 * 60_000,
      user: { id: 'u1', role: 'provider', memberType: 'doctor' } as never,
    });
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('polls until the socket is ready, refetches on its events only, and polls again when the socket drops', async () => {
    const onChange = vi.fn();
    const { result, unmount } = renderHook(() =>
      useRealtimeLive('clinic:c1', ['appointment.changed'], onChange),
    );
    expect(result.current).toBe(FALLBACK_POLL_MS);
    const socket = FakeSocket.instances[0];
    if (!socket) {
      throw new Error('no socket');
    }
    await act(async () => {
      socket.open();
      await vi.advanceTimersByTimeAsync(0);
      socket.receive({ type: 'ready' });
    });
    expect(result.current).toBe(false);
    expect(socket.sent).toContainEqual({ type: 'subscribe', topic: 'clinic:c1' });

    act(() => {
      socket.receive({ type: 'event', topic: 'clinic:c1', event: { type: 'appointment.changed' } });
      socket.receive({ type: 'event', topic: 'clinic:c1', event: { type: 'counts.changed' } });
    });
    expect(onChange).toHaveBeenCalledTimes(1);

    act(() => {
      socket.drop(1006);
    });
    expect(result.current).toBe(FALLBACK_POLL_MS);

    // Back again: the events of the gap were lost, so the screen refetches once more.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    const again = FakeSocket.instances[1];
    expect(again).toBeDefined();
    await act(async () => {
      again?.open();
      await vi.advanceTimersByTimeAsync(0);
      again?.receive({ type: 'ready' });
    });
    expect(result.current).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('asks for nothing and polls without a topic', () => {
    const { result } = renderHook(() => useRealtimeLive(null, ['appointment.changed'], () => {}));
    expect(result.current).toBe(FALLBACK_POLL_MS);
    expect(FakeSocket.instances).toEqual([]);
  });
});
