import type { RealtimeEvent } from '@app/contracts/realtime';
import { freshAccessToken } from '../auth/token-refresh.ts';
import { getSession, subscribeSession } from '../auth/session-store.ts';

// ARCHITECTURE.md "Realtime": one WebSocket per tab, opened when the first screen subscribes and
// closed when the last one leaves or the session ends (decision 0023). Events are hints to refetch.
// After a reconnect every listener gets a 'realtime.reconnected' event, because whatever happened
// while the socket was down was not delivered.

export type RealtimeListener = (event: RealtimeEvent) => void;

export const RECONNECTED_EVENT = 'realtime.reconnected';
/** The server closes with this code when the token is missing, wrong or expired. */
const CLOSE_UNAUTHENTICATED = 4401;
const MAX_BACKOFF_MS = 15_000;

interface ServerMessage {
  type: string;
  topic?: string;
  event?: RealtimeEvent;
}

function parse(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') {
    return null;
  }
  try {
    const value = JSON.parse(data) as unknown;
    return typeof value === 'object' && value !== null && typeof (value as ServerMessage).type === 'string'
      ? (value as ServerMessage)
      : null;
  } catch {
    return null;
  }
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws`;
}

class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<RealtimeListener>>();
  private ready = false;
  private attempts = 0;
  private everConnected = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private sessionUserId: string | null = null;
  private stopSessionWatch: (() => void) | null = null;
  private readonly statusListeners = new Set<() => void>();

  /** True while the socket is authenticated: events arrive, so screens need not poll (decision 0042). */
  isLive(): boolean {
    return this.ready;
  }

  /** Called whenever isLive() may have changed; returns the function that stops listening. */
  subscribeStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  private setReady(ready: boolean): void {
    if (this.ready === ready) {
      return;
    }
    this.ready = ready;
    for (const listener of this.statusListeners) {
      listener();
    }
  }

  subscribe(topic: string, listener: RealtimeListener): () => void {
    const listeners = this.listeners.get(topic) ?? new Set<RealtimeListener>();
    const first = listeners.size === 0;
    listeners.add(listener);
    this.listeners.set(topic, listeners);
    if (first && this.ready) {
      this.send({ type: 'subscribe', topic });
    }
    this.ensureOpen();
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) {
        return;
      }
      this.listeners.delete(topic);
      if (this.ready) {
        this.send({ type: 'unsubscribe', topic });
      }
      if (this.listeners.size === 0) {
        this.shutDown();
      }
    };
  }

  private ensureOpen(): void {
    this.stopSessionWatch ??= subscribeSession(() => {
      this.onSessionChange();
    });
    if (this.socket || this.reconnectTimer || !getSession()) {
      return;
    }
    this.sessionUserId = getSession()?.user.id ?? null;
    const socket = new WebSocket(socketUrl());
    this.socket = socket;
    socket.addEventListener('open', () => {
      void this.authenticate();
    });
    socket.addEventListener('message', (message) => {
      this.onMessage(parse(message.data));
    });
    socket.addEventListener('close', (close) => {
      this.onClose(socket, close.code);
    });
  }

  private async authenticate(): Promise<void> {
    const token = await freshAccessToken();
    if (!token) {
      this.shutDown();
      return;
    }
    this.send({ type: 'auth', token });
  }

  private onMessage(message: ServerMessage | null): void {
    if (!message) {
      return;
    }
    if (message.type === 'ready' && !this.ready) {
      this.setReady(true);
      this.attempts = 0;
      for (const topic of this.listeners.keys()) {
        this.send({ type: 'subscribe', topic });
      }
      if (this.everConnected) {
        this.deliverToAll({ type: RECONNECTED_EVENT });
      }
      this.everConnected = true;
      return;
    }
    if (message.type === 'event' && message.topic && message.event) {
      for (const listener of this.listeners.get(message.topic) ?? []) {
        listener(message.event);
      }
    }
  }

  private deliverToAll(event: RealtimeEvent): void {
    for (const listeners of this.listeners.values()) {
      for (const listener of listeners) {
        listener(event);
      }
    }
  }

  private onClose(socket: WebSocket, code: number): void {
    if (this.socket !== socket) {
      return;
    }
    this.socket = null;
    this.setReady(false);
    if (this.listeners.size === 0 || !getSession()) {
      return;
    }
    // A rejected token is refreshed by freshAccessToken on the next attempt; go again at once.
    const delay =
      code === CLOSE_UNAUTHENTICATED && this.attempts === 0
        ? 0
        : Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempts);
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.ensureOpen();
    }, delay);
  }

  private onSessionChange(): void {
    const session = getSession();
    if (!session || session.user.id !== this.sessionUserId) {
      // Logged out, or another account in this tab: this connection must not carry on.
      this.closeSocket();
      if (session && this.listeners.size > 0) {
        this.ensureOpen();
      }
      return;
    }
    if (this.ready) {
      // A refreshed token keeps the connection alive past the old token's expiry.
      this.send({ type: 'auth', token: session.accessToken });
    }
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  private closeSocket(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    this.setReady(false);
    socket?.close();
  }

  private shutDown(): void {
    this.closeSocket();
    this.stopSessionWatch?.();
    this.stopSessionWatch = null;
    this.everConnected = false;
    this.attempts = 0;
  }
}

export const realtimeClient = new RealtimeClient();
