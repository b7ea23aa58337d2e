import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../auth/session-store.ts';
import { realtimeClient, RECONNECTED_EVENT } from './realtime-client.ts';

/** A stand-in for the browser's WebSocket that records what the client sends. */
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
  receive(message: object | string): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
  drop(code: number): void {
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
}

function signIn(token: string): void {
  setSession({
    accessToken: token,
    refreshToken: 'refresh',
    expiresAt: Date.now() + 15 * 60_000,
    user: { id: 'u1', role: 'provider', memberType: 'doctor' } as never,
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('realtime client', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    signIn('token-1');
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('authenticates first, then subscribes, and hands events to the topic listeners', async () => {
    const events: unknown[] = [];
    const stop = realtimeClient.subscribe('clinic:c1', (event) => events.push(event));
    const socket = FakeSocket.instances[0];
    if (!socket) {
      throw new Error('no socket');
    }
    expect(socket.url).toMatch(/^ws:\/\/.+\/ws$/);
    socket.open();
    await flush();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    socket.receive({ type: 'ready' });
    expect(socket.sent[1]).toEqual({ type: 'subscribe', topic: 'clinic:c1' });
    socket.receive({ type: 'event', topic: 'clinic:c1', event: { type: 'waiting-room.changed' } });
    socket.receive({ type: 'event', topic: 'clinic:other', event: { type: 'not-mine' } });
    socket.receive('garbage');
    expect(events).toEqual([{ type: 'waiting-room.changed' }]);

    // A refreshed token is shown to the server on the open connection.
    signIn('token-2');
    expect(socket.sent.at(-1)).toEqual({ type: 'auth', token: 'token-2' });
    stop();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'clinic:c1' });
    expect(socket.readyState).toBe(3);
  });

  it('reconnects after a lost connection and tells listeners to refetch', async () => {
    vi.useFakeTimers();
    const events: unknown[] = [];
    const stop = realtimeClient.subscribe('user:u1', (event) => events.push(event));
    const first = FakeSocket.instances[0];
    first?.open();
    await vi.advanceTimersByTimeAsync(0);
    first?.receive({ type: 'ready' });
    first?.drop(1006);
    await vi.advanceTimersByTimeAsync(600);
    const second = FakeSocket.instances[1];
    second?.open();
    await vi.advanceTimersByTimeAsync(0);
    second?.receive({ type: 'ready' });
    expect(second?.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', topic: 'user:u1' },
    ]);
    expect(events).toEqual([{ type: RECONNECTED_EVENT }]);
    stop();
    vi.useRealTimers();
  });

  it('closes the connection when the session ends', async () => {
    const stop = realtimeClient.subscribe('user:u1', () => {});
    const socket = FakeSocket.instances[0];
    socket?.open();
    await flush();
    clearSession();
    expect(socket?.readyState).toBe(3);
    stop();
  });
});
