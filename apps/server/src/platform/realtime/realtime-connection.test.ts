import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomServerMessage } from '@app/contracts/video-call';
import type { Db } from '../../db/client.ts';
import { createMemoryHub } from './realtime-hub.ts';
import {
  CLOSE_UNAUTHENTICATED,
  REALTIME_LIMITS,
  RealtimeConnection,
  type RealtimeSocket,
  type RoomClientMessage,
  type RoomMessageHandler,
} from './realtime-connection.ts';

// The room part of a connection (issue 7) with a fake socket and a fake room handler: `room.join` is
// taken before `auth`, and a connection that never gets into a room is still closed by the auth timer.

class FakeSocket implements RealtimeSocket {
  readonly OPEN = 1;
  readyState = 1;
  sent: unknown[] = [];
  closedWith: { code: number; reason: string } | null = null;
  private messageListeners: ((data: Buffer, isBinary: boolean) => void)[] = [];
  private closeListeners: (() => void)[] = [];

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
  on(event: string, listener: ((data: Buffer, isBinary: boolean) => void) | (() => void)): unknown {
    if (event === 'message') {
      this.messageListeners.push(listener);
    } else if (event === 'close') {
      this.closeListeners.push(listener as () => void);
    }
    return this;
  }
  receive(message: unknown): void {
    for (const listener of this.messageListeners) {
      listener(Buffer.from(JSON.stringify(message)), false);
    }
  }
  emit(): void {
    for (const listener of this.closeListeners) {
      listener();
    }
  }
}

/** Lets a join succeed when the token is 'good'; records what reached it. */
function fakeRooms() {
  const handled: RoomClientMessage[] = [];
  let disposed = 0;
  const rooms: RoomMessageHandler = {
    open: ({ send }) => {
      let joined = false;
      return {
        get joined() {
          return joined;
        },
        handle: (message) => {
          handled.push(message);
          if (message.type === 'room.join') {
            joined = message.token === 'good';
            const reply: RoomServerMessage = joined
              ? { type: 'room.joined', participantId: crypto.randomUUID(), participants: [], chat: [] }
              : { type: 'room.error', code: 'token_invalid', message: 'no' };
            send(reply);
          }
          return Promise.resolve();
        },
        dispose: () => {
          disposed += 1;
          return Promise.resolve();
        },
      };
    },
  };
  return { rooms, handled, disposed: () => disposed };
}

function connection(socket: FakeSocket, rooms?: RoomMessageHandler) {
  return new RealtimeConnection(socket, {
    hub: createMemoryHub(),
    // Never reached: no subscribe gets past the login check in these tests.
    db: null as unknown as Db,
    rooms,
    now: () => new Date(),
    log: { warn: () => {} },
    authenticate: () => Promise.reject(new Error('no logins in this test')),
  });
}

describe('room messages on a realtime connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes room.join before auth, then keeps the connection open with pings', async () => {
    const socket = new FakeSocket();
    const { rooms, disposed } = fakeRooms();
    connection(socket, rooms);
    socket.receive({ type: 'room.join', token: 'good' });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toMatchObject([{ type: 'room.joined' }]);
    await vi.advanceTimersByTimeAsync(REALTIME_LIMITS.authTimeoutMs + 1);
    expect(socket.closedWith).toBeNull();
    socket.receive({ type: 'ping' });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent.at(-1)).toEqual({ type: 'pong' });
    // A room connection is no login: topics still need `auth`.
    socket.receive({ type: 'subscribe', topic: `clinic:${crypto.randomUUID()}` });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.closedWith?.code).toBe(CLOSE_UNAUTHENTICATED);
    expect(disposed()).toBe(1);
  });

  it('closes a connection whose join failed once the auth time is up', async () => {
    const socket = new FakeSocket();
    const { rooms } = fakeRooms();
    connection(socket, rooms);
    socket.receive({ type: 'room.join', token: 'bad' });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toMatchObject([{ type: 'room.error', code: 'token_invalid' }]);
    await vi.advanceTimersByTimeAsync(REALTIME_LIMITS.authTimeoutMs + 1);
    expect(socket.closedWith?.code).toBe(CLOSE_UNAUTHENTICATED);
  });

  it('hands every room message to one room session and leaves the room when the socket goes', async () => {
    const socket = new FakeSocket();
    const { rooms, handled, disposed } = fakeRooms();
    connection(socket, rooms);
    socket.receive({ type: 'room.join', token: 'good' });
    socket.receive({ type: 'room.chat', text: 'hi' });
    socket.receive({ type: 'room.leave' });
    await vi.advanceTimersByTimeAsync(0);
    expect(handled.map((message) => message.type)).toEqual(['room.join', 'room.chat', 'room.leave']);
    socket.emit();
    expect(disposed()).toBe(1);
  });

  it('refuses room messages when no video module is wired', async () => {
    const socket = new FakeSocket();
    connection(socket);
    socket.receive({ type: 'room.join', token: 'good' });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([
      { type: 'room.error', code: 'not_allowed', message: 'Video rooms are not available.' },
    ]);
  });
});
