import type { z } from 'zod';
import type { roomClientMessageSchemas, RoomServerMessage, VideoRoomTicket } from '@app/contracts/video-call';
import { ROOM_CLOSE_REPLACED, ROOM_RELOAD_CODES, VIDEO_RETRY_AFTER_MS } from '@app/contracts/video-call';

// Decision 0030: the call has its own WebSocket to /ws, separate from the tab's realtime socket, and
// authenticates with the room token in its first message (`room.join`), so guests by invitation work.
//
// Decision 0047 (issue 17 item 8), the rules of spec 3 §8 for the whole call, before and after a join:
// - a failure (the ticket cannot be fetched, the socket does not open or drops) tries again after
//   VIDEO_RETRY_AFTER_MS; `retryNow()` (the "Try again now" button) does not wait;
// - a retry re-joins with the ticket it has; the server answers 20104 (expired) or 20156 (not valid
//   here) when that ticket no longer does, and then the visit and a fresh ticket are loaded first and
//   the join follows at once; refused again, the connection gives up (the hook tells the user);
// - the socket closed with 4409 (the same person joined from another window) is final.

export type RoomClientMessage = z.infer<(typeof roomClientMessageSchemas)[number]>;

/**
 * connecting: the first attempt is under way; connected: `room.joined` arrived; reconnecting: the
 * connection was lost after a join and the next attempt is due (or under way); failed: no join yet
 * and the next try is due in VIDEO_RETRY_AFTER_MS; replaced: this window was taken over by another
 * (4409); closed: we left, the visit ended or we were refused.
 */
export type RoomStatus = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'replaced' | 'closed';

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
  /** Fetches a fresh ticket (the visit's data and a new room token). */
  getTicket: () => Promise<VideoRoomTicket>;
  onMessage: (message: RoomServerMessage, ticket: VideoRoomTicket) => void;
  onStatus: (status: RoomStatus) => void;
  createSocket?: (url: string) => RoomSocket;
}

/** Errors after which trying again cannot help. */
const FINAL_ERRORS = new Set(['room_full', 'room_ended', 'not_allowed']);
const OPEN = 1;
/** Closes our own socket as a lost network would, for the tests' hook (not a code the server uses). */
const CLOSE_SIMULATED_LOSS = 4000;

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
  private everJoined = false;
  private stopped = false;
  /** An attempt (ticket and socket) is under way: a second one would race it. */
  private attempting = false;
  /** This attempt already reloaded the ticket after a 20104/20156. */
  private reloaded = false;

  constructor(private readonly options: RoomConnectionOptions) {}

  start(): void {
    this.stopped = false;
    this.options.onStatus('connecting');
    void this.connect(true);
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

  /** "Try again now": the attempt that was waiting for its 30 s starts at once. */
  retryNow(): void {
    if (this.stopped || this.attempting || this.timer === undefined) {
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.connect(false);
  }

  /** The tests' hook: the socket closes as a lost network would close it. */
  simulateLoss(): void {
    this.socket?.close(CLOSE_SIMULATED_LOSS);
  }

  /** Leaves the room for good (unmount, Leave visit). */
  close(): void {
    this.send({ type: 'room.leave' });
    this.stop('closed');
  }

  private stop(status: 'closed' | 'replaced'): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.detach();
    this.options.onStatus(status);
  }

  private detach(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000);
    }
  }

  /** One attempt: a ticket (kept, or fresh when `fresh` or none is kept), then the socket. */
  private async connect(fresh: boolean): Promise<void> {
    this.attempting = true;
    let ticket = fresh ? null : this.ticket;
    if (!ticket) {
      try {
        ticket = await this.options.getTicket();
      } catch {
        this.attempting = false;
        this.fail();
        return;
      }
    }
    if (this.stopped) {
      this.attempting = false;
      return;
    }
    this.ticket = ticket;
    const current = ticket;
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(roomSocketUrl());
    this.socket = socket;
    socket.onopen = () => {
      socket.send(
        JSON.stringify({ type: 'room.join', token: current.roomToken } satisfies RoomClientMessage),
      );
    };
    socket.onmessage = (event) => {
      const message = parse(event.data);
      if (message) {
        this.handle(message, current);
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) {
        return;
      }
      this.socket = null;
      this.attempting = false;
      if (event.code === ROOM_CLOSE_REPLACED) {
        this.stop('replaced');
      } else {
        this.fail();
      }
    };
  }

  private handle(message: RoomServerMessage, ticket: VideoRoomTicket): void {
    if (message.type === 'room.joined') {
      this.everJoined = true;
      this.attempting = false;
      this.reloaded = false;
      this.options.onStatus('connected');
    }
    if (message.type === 'room.error' && ROOM_RELOAD_CODES.includes(message.code)) {
      if (!this.reloaded) {
        // spec 3 §8: load the visit (a fresh ticket) first, then join again, without the 30 s wait.
        this.reloaded = true;
        this.detach();
        void this.connect(true);
        return;
      }
      // Refused with a ticket just loaded: trying again cannot help.
      this.options.onMessage(message, ticket);
      this.stop('closed');
      return;
    }
    this.options.onMessage(message, ticket);
    if (message.type === 'room.ended' || (message.type === 'room.error' && FINAL_ERRORS.has(message.code))) {
      this.stop('closed');
    }
  }

  /** spec 3 §8: a failed connection tries again after 30 s, before the first join and after it. */
  private fail(): void {
    if (this.stopped) {
      return;
    }
    this.reloaded = false;
    this.options.onStatus(this.everJoined ? 'reconnecting' : 'failed');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect(false);
    }, VIDEO_RETRY_AFTER_MS);
  }
}
