import { decodeJwt } from 'jose';
import type { RawData } from 'ws';
import {
  realtimeClientMessageSchema,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@app/contracts/realtime';
import type { RoomServerMessage } from '@app/contracts/video-call';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../access.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import { maySubscribe } from './topic-access.ts';

// One browser tab's WebSocket (decision 0023): it authenticates with its first message, then
// subscribes to topics it may watch. A client that does not authenticate in time, floods, sends
// garbage or outlives its token is closed; nothing it sends can throw out of this class.

/** Close codes in the private range; the web client reconnects with a fresh token on 4401. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_POLICY = 1008;

export const REALTIME_LIMITS = {
  authTimeoutMs: 10_000,
  /** Messages a client may send per window before it is closed. */
  messagesPerWindow: 200,
  windowMs: 10_000,
  topicsPerConnection: 50,
} as const;

/** The parts of a `ws` socket this class uses. */
export interface RealtimeSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
}

/** A `room.*` message of the realtime contract (issue 7 video rooms). */
export type RoomClientMessage = Extract<RealtimeClientMessage, { type: `room.${string}` }>;

/**
 * The video room side of one connection, owned by the video module (decision 0030) and handed in
 * through ConnectionDeps so the platform imports no module.
 */
export interface RoomSession {
  /** True once a `room.join` succeeded: the room token then authenticates the connection. */
  readonly joined: boolean;
  handle(message: RoomClientMessage): Promise<void>;
  /** The socket is gone: leave the room. Never throws. */
  dispose(): Promise<void>;
}

function isRoomMessage(message: RealtimeClientMessage): message is RoomClientMessage {
  return message.type.startsWith('room.');
}

export interface RoomMessageHandler {
  open(connection: {
    send: (message: RoomServerMessage) => void;
    close: (code: number, reason: string) => void;
  }): RoomSession;
}

export interface ConnectionDeps {
  hub: RealtimeHub;
  /** For topic rules that look data up (e.g. who may watch a video room). */
  db: Db;
  /** Video rooms; without it every room.* message is refused. */
  rooms?: RoomMessageHandler;
  authenticate: (token: string) => Promise<AuthContext>;
  now: () => Date;
  log: { warn: (details: object, message: string) => void };
}

export class RealtimeConnection {
  private auth: AuthContext | null = null;
  /** Opened by the first room.* message; one room per connection. */
  private room: RoomSession | null = null;
  private readonly subscriptions = new Map<string, () => void>();
  private authTimer: ReturnType<typeof setTimeout> | undefined;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  // The message-rate window measures elapsed time on this socket, not business time, so it stays on
  // the machine's clock: a shifted or moved context clock (decision 0031) must not open or close it.
  private windowStart = Date.now();
  private messagesInWindow = 0;
  private closed = false;
  /** Messages are handled one after the other, so a subscribe never races the auth before it. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: RealtimeSocket,
    private readonly deps: ConnectionDeps,
  ) {
    this.authTimer = setTimeout(() => {
      this.close(CLOSE_UNAUTHENTICATED, 'Authentication is required.');
    }, REALTIME_LIMITS.authTimeoutMs);
    socket.on('message', (data, isBinary) => {
      if (!this.withinRate()) {
        this.close(CLOSE_POLICY, 'Too many messages.');
        return;
      }
      const text = isBinary ? null : Buffer.isBuffer(data) ? data.toString('utf8') : null;
      this.queue = this.queue
        .then(() => this.receive(text))
        .catch((error: unknown) => {
          this.deps.log.warn({ err: error }, 'realtime message failed');
          this.close(CLOSE_POLICY, 'Unexpected error.');
        });
    });
    socket.on('close', () => {
      this.dispose();
    });
    socket.on('error', () => {
      this.dispose();
    });
  }

  private withinRate(): boolean {
    // An interval, not business time (see windowStart).
    const now = Date.now();
    if (now - this.windowStart > REALTIME_LIMITS.windowMs) {
      this.windowStart = now;
      this.messagesInWindow = 0;
    }
    this.messagesInWindow += 1;
    return this.messagesInWindow <= REALTIME_LIMITS.messagesPerWindow;
  }

  private async receive(text: string | null): Promise<void> {
    if (this.closed) {
      return;
    }
    let message: RealtimeClientMessage;
    try {
      message = realtimeClientMessageSchema.parse(JSON.parse(text ?? ''));
    } catch {
      this.send({ type: 'error', message: 'Unreadable message.' });
      return;
    }
    if (message.type === 'auth') {
      await this.authenticate(message.token);
      return;
    }
    if (isRoomMessage(message)) {
      await this.roomMessage(message);
      return;
    }
    // A room connection keeps itself alive with pings like any other (its room token authenticated it).
    if (message.type === 'ping' && this.room?.joined) {
      this.send({ type: 'pong' });
      return;
    }
    if (!this.auth) {
      this.close(CLOSE_UNAUTHENTICATED, 'Authentication is required.');
      return;
    }
    switch (message.type) {
      case 'ping':
        this.send({ type: 'pong' });
        return;
      case 'subscribe':
        await this.subscribe(this.auth, message.topic);
        return;
      case 'unsubscribe':
        this.subscriptions.get(message.topic)?.();
        this.subscriptions.delete(message.topic);
        return;
    }
  }

  /**
   * Issue 7: `room.join` may come first, without `auth` — the room token it carries authenticates the
   * connection (guests by invitation have no login). A connection that never joins is still closed
   * by the auth timer.
   */
  private async roomMessage(message: RoomClientMessage): Promise<void> {
    if (!this.deps.rooms) {
      this.send({ type: 'room.error', code: 'not_allowed', message: 'Video rooms are not available.' });
      return;
    }
    this.room ??= this.deps.rooms.open({
      send: (reply) => {
        this.send(reply);
      },
      close: (code, reason) => {
        this.close(code, reason);
      },
    });
    await this.room.handle(message);
    if (this.room.joined) {
      clearTimeout(this.authTimer);
    }
  }

  private async authenticate(token: string): Promise<void> {
    let auth: AuthContext;
    try {
      auth = await this.deps.authenticate(token);
    } catch {
      this.close(CLOSE_UNAUTHENTICATED, 'Authentication failed.');
      return;
    }
    if (this.auth && this.auth.userId !== auth.userId) {
      // A tab that switched accounts opens a new connection; this one never changes hands.
      this.close(CLOSE_UNAUTHENTICATED, 'Another user.');
      return;
    }
    this.auth = auth;
    clearTimeout(this.authTimer);
    // The connection lives as long as the token it showed; the client re-sends `auth` with each
    // refreshed token, and a client that stops doing so (logged out, revoked) is closed.
    clearTimeout(this.expiryTimer);
    const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
    this.expiryTimer = setTimeout(
      () => {
        this.close(CLOSE_UNAUTHENTICATED, 'Token expired.');
      },
      Math.max(0, expiresAt - this.deps.now().getTime()),
    );
    this.send({ type: 'ready' });
  }

  private async subscribe(auth: AuthContext, topic: string): Promise<void> {
    if (this.subscriptions.has(topic)) {
      this.send({ type: 'subscribed', topic });
      return;
    }
    if (this.subscriptions.size >= REALTIME_LIMITS.topicsPerConnection) {
      this.send({ type: 'error', message: 'Too many topics.', topic });
      return;
    }
    if (!(await maySubscribe(auth, topic, { db: this.deps.db }))) {
      this.send({ type: 'error', message: 'You may not watch this topic.', topic });
      return;
    }
    if (this.closed) {
      return;
    }
    const end = this.deps.hub.subscribe(topic, (event) => {
      this.send({ type: 'event', topic, event });
    });
    this.subscriptions.set(topic, end);
    this.send({ type: 'subscribed', topic });
  }

  private send(message: RealtimeServerMessage): void {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  private close(code: number, reason: string): void {
    if (this.closed) {
      return;
    }
    this.dispose();
    this.socket.close(code, reason);
  }

  private dispose(): void {
    this.closed = true;
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    for (const end of this.subscriptions.values()) {
      end();
    }
    this.subscriptions.clear();
    if (this.room) {
      // Leaving is asynchronous (a database write); the room session logs its own failures.
      void this.room.dispose();
      this.room = null;
    }
  }
}
