import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomServerMessage, VideoRoomTicket } from '@app/contracts/video-call';
import { ROOM_CLOSE_REPLACED, VIDEO_RETRY_AFTER_MS } from '@app/contracts/video-call';
import { RoomConnection, roomSocketUrl, type RoomSocket, type RoomStatus } from './room-connection.ts';

class FakeSocket implements RoomSocket {
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly close = vi.fn();
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

function ticket(token: string): VideoRoomTicket {
  return { roomToken: token } as VideoRoomTicket;
}

const JOINED: RoomServerMessage = { type: 'room.joined', participantId: 'me', participants: [], chat: [] };

function setup(getTicket = vi.fn()) {
  const sockets: FakeSocket[] = [];
  const statuses: RoomStatus[] = [];
  const messages: RoomServerMessage[] = [];
  let tokens = 0;
  getTicket.mockImplementation(() => Promise.resolve(ticket(`token-${String(++tokens)}`)));
  const connection = new RoomConnection({
    getTicket,
    onMessage: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  return { connection, sockets, statuses, messages, getTicket };
}

describe('RoomConnection (decision 0030 room socket)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds the /ws address from the page', () => {
    expect(roomSocketUrl({ protocol: 'https:', host: 'clinic.example' })).toBe('wss://clinic.example/ws');
    expect(roomSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });

  it('sends room.join with the token first and is connected on room.joined', async () => {
    const { connection, sockets, statuses, messages } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ type: 'room.join', token: 'token-1' }]);
    sockets[0]?.receive(JOINED);
    sockets[0]?.receive({ type: 'room.chat', message: { id: 'm', text: 'hi' } });
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(messages.map((message) => message.type)).toEqual(['room.joined', 'room.chat']);
  });

  it('ignores what is not a room message or not JSON', async () => {
    const { connection, sockets, messages } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.onmessage?.(new MessageEvent('message', { data: '{not json' }));
    sockets[0]?.receive({ type: 'event', topic: 'x' });
    expect(messages).toEqual([]);
  });

  it('mid-call, a lost connection is retried after 30 s with the ticket it has (spec 3 §8, decision 0047)', async () => {
    const { connection, sockets, statuses, getTicket } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.receive(JOINED);
    sockets[0]?.drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(VIDEO_RETRY_AFTER_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(getTicket).toHaveBeenCalledTimes(1);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([{ type: 'room.join', token: 'token-1' }]);
    // Still down: every further try waits its 30 s too, for as long as the call lasts.
    sockets[1]?.drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(VIDEO_RETRY_AFTER_MS - 1);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    sockets[2]?.open();
    sockets[2]?.receive(JOINED);
    expect(statuses.at(-1)).toBe('connected');
  });

  it('"Try again now" does not wait for the 30 s, and does nothing while connected', async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.receive(JOINED);
    connection.retryNow();
    expect(sockets).toHaveLength(1);
    sockets[0]?.drop();
    connection.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    // A second press while that attempt runs starts no other.
    connection.retryNow();
    await vi.advanceTimersByTimeAsync(VIDEO_RETRY_AFTER_MS);
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    sockets[1]?.receive(JOINED);
    expect(statuses.at(-1)).toBe('connected');
  });

  it('on 20104 or 20156 loads the visit and a fresh ticket first, then joins at once (spec 3 §8)', async () => {
    for (const code of ['20104', '20156']) {
      const { connection, sockets, statuses, messages, getTicket } = setup();
      connection.start();
      await vi.advanceTimersByTimeAsync(0);
      sockets[0]?.open();
      sockets[0]?.receive(JOINED);
      sockets[0]?.drop();
      await vi.advanceTimersByTimeAsync(VIDEO_RETRY_AFTER_MS);
      sockets[1]?.open();
      expect(sockets[1]?.sent).toEqual([{ type: 'room.join', token: 'token-1' }]);
      sockets[1]?.receive({ type: 'room.error', code, message: 'reload' });
      expect(sockets[1]?.close).toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(0);
      expect(getTicket).toHaveBeenCalledTimes(2);
      expect(sockets).toHaveLength(3);
      sockets[2]?.open();
      expect(sockets[2]?.sent).toEqual([{ type: 'room.join', token: 'token-2' }]);
      sockets[2]?.receive(JOINED);
      expect(statuses.at(-1)).toBe('connected');
      // The screen never heard of it: the reload is the connection's business.
      expect(messages.filter((message) => message.type === 'room.error')).toEqual([]);
      connection.close();
    }
  });

  it('the same code again with the reloaded ticket is final, and the screen is told', async () => {
    const { connection, sockets, statuses, messages } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.receive({ type: 'room.error', code: '20156', message: 'not valid' });
    await vi.advanceTimersByTimeAsync(0);
    sockets[1]?.open();
    sockets[1]?.receive({ type: 'room.error', code: '20104', message: 'expired' });
    expect(statuses.at(-1)).toBe('closed');
    expect(messages).toEqual([{ type: 'room.error', code: '20104', message: 'expired' }]);
    await vi.advanceTimersByTimeAsync(VIDEO_RETRY_AFTER_MS * 2);
    expect(sockets).toHaveLength(2);
  });

  it('a socket closed with 4409 (joined from another window) is final', async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.receive(JOINED);
    sockets[0]?.drop(ROOM_CLOSE_REPLACED);
    expect(statuses.at(-1)).toBe('replaced');
    connection.retryNow();
    await vi.advanceTimersByTimeAsync(VIDEO_RETRY_AFTER_MS * 2);
    expect(sockets).toHaveLength(1);
  });

  it("the tests' hook closes the socket as a lost network would: a retry follows", async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.receive(JOINED);
    connection.simulateLoss();
    expect(sockets[0]?.close).toHaveBeenCalledWith(4000);
    sockets[0]?.drop(4000);
    expect(statuses.at(-1)).toBe('reconnecting');
  });

  it('retries after 30 s when the first connect fails (spec 3 §8)', async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.drop();
    expect(statuses.at(-1)).toBe('failed');
    await vi.advanceTimersByTimeAsync(VIDEO_RETRY_AFTER_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
  });

  it('also retries after 30 s when the ticket cannot be fetched', async () => {
    const getTicket = vi.fn();
    const { connection, sockets } = setup(getTicket);
    getTicket.mockReset().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(ticket('t'));
    connection.start();
    await vi.advanceTimersByTimeAsync(VIDEO_RETRY_AFTER_MS);
    expect(sockets).toHaveLength(1);
  });

  it('stops for good when the visit ends or the room is full', async () => {
    const { connection, sockets, statuses } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.receive(JOINED);
    sockets[0]?.receive({ type: 'room.ended' });
    expect(statuses.at(-1)).toBe('closed');
    expect(sockets[0]?.close).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);

    const full = setup();
    full.connection.start();
    await vi.advanceTimersByTimeAsync(0);
    full.sockets[0]?.open();
    full.sockets[0]?.receive({ type: 'room.error', code: 'room_full', message: 'full' });
    expect(full.statuses.at(-1)).toBe('closed');
  });

  it('says goodbye with room.leave on close and sends nothing while down', async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.send({ type: 'room.end' })).toBe(false);
    sockets[0]?.open();
    connection.close();
    expect(sockets[0]?.sent.at(-1)).toEqual({ type: 'room.leave' });
  });
});
