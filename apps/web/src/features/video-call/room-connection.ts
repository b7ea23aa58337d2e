import type { z } from 'zod';
import type { roomClientMessageSchemas, RoomServerMessage, VideoRoomTicket } from '@app/contracts/video-call';
import { VIDEO_RETRY_AFTER_MS } from '@app/contracts/video-call';

// Decision 0030: the call has its own WebSocket to /ws, separate from the tab's realtime socket, and
// authenticates with the room token in its first message (`room.join`), so guests by invitation work.
// A reconnect is a re-join: the server gives the new connection a new participant id, so a fresh
// ticket is fetched first.

export type RoomClientMessage = z.infer<(typeof roomClientMessageSchemas)[number]>;

/**
 * connecting: the first attempt is under way; connected: `room.joined` arrived; reconnecting: the
 * socket dropped after a join and a new attempt is scheduled; failed: the first connect failed, the
 * next try is in VIDEO_RETRY_AFTER_MS (spec 3 §8); closed: we left, the visit ended or we were refused.
 */
export type RoomStatus = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';

/** The part of WebSocket we use, so tests can pass a fake. */
export interface RoomSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface RoomConnectionOptions {
  /** Fetches a (fresh) ticket; called before every connect. */
  getTicket: () => Promise<VideoRoomTicket>;
  onMessage: (message: RoomServerMessage, ticket: VideoRoomTicket) => void;
  onStatus: (status: RoomStatus) => void;
  createSocket?: (url: string) => RoomSocket;
}

/** Errors after which trying again cannot help. */
const FINAL_ERRORS = new Set(['room_full', 'room_ended', 'not_allowed', 'token_invalid']);
const MAX_BACKOFF_MS = 15_000;
const OPEN = 1;

export function roomSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws`;
}

function parse(data: unknown): RoomServerMessage | null {
  if (typeof data !== 'string') {
    return null;
  }
  try {
    const value = JSON.parse(data) as unknown;
    return typeof value === 'object' &&
      value !== null &&
      typeof (value as { type?: unknown }).type === 'string' &&
      (value as { type: string }).type.startsWith('room.')
      ? (value as RoomServerMessage)
      : null;
  } catch {
    return null;
  }
}

export class RoomConnection {
  private socket: RoomSocket | null = null;
  private ticket: VideoRoomTicket | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  private everJoined = false;
  private stopped = false;

  constructor(private readonly options: RoomConnectionOptions) {}

  start(): void {
    this.stopped = false;
    this.options.onStatus('connecting');
    void this.connect();
  }

  /** The ticket of the current connection (its participant id is ours). */
  currentTicket(): VideoRoomTicket | null {
    return this.ticket;
  }

  send(message: RoomClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) {
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Leaves the room for good (unmount, Leave visit). */
  close(): void {
    this.send({ type: 'room.leave' });
    this.stop();
  }

  private stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
    }
    this.options.onStatus('closed');
  }

  private async connect(): Promise<void> {
    let ticket: VideoRoomTicket;
    try {
      ticket = await this.options.getTicket();
    } catch {
      this.scheduleRetry();
      return;
    }
    if (this.stopped) {
      return;
    }
    this.ticket = ticket;
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(roomSocketUrl());
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'room.join', token: ticket.roomToken } satisfies RoomClientMessage));
    };
    socket.onmessage = (event) => {
      const message = parse(event.data);
      if (message) {
        this.handle(message, ticket);
      }
    };
    socket.onclose = () => {
      if (this.socket === socket) {
        this.socket = null;
        this.scheduleRetry();
      }
    };
  }

  private handle(message: RoomServerMessage, ticket: VideoRoomTicket): void {
    if (message.type === 'room.joined') {
      this.everJoined = true;
      this.attempts = 0;
      this.options.onStatus('connected');
    }
    this.options.onMessage(message, ticket);
    if (message.type === 'room.ended' || (message.type === 'room.error' && FINAL_ERRORS.has(message.code))) {
      this.stop();
    }
  }

  /** After a join: back-off 1 s, 2 s, 4 s … 15 s. Before any join: spec 3 §8's 30 s. */
  private scheduleRetry(): void {
    if (this.stopped) {
      return;
    }
    let delay: number;
    if (this.everJoined) {
      delay = Math.min(1000 * 2 ** this.attempts, MAX_BACKOFF_MS);
      this.attempts += 1;
      this.options.onStatus('reconnecting');
    } else {
      delay = VIDEO_RETRY_AFTER_MS;
      this.options.onStatus('failed');
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
  }
}
