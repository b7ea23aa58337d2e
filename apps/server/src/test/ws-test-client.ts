import { REALTIME_PATH } from '@app/contracts/realtime';
import type { TestApp } from './build-test-app.ts';

type TestSocket = Awaited<ReturnType<TestApp['app']['injectWS']>>;
export type WsMessage = Record<string, unknown>;

/** A WebSocket client of the realtime endpoint for tests: waits for messages by predicate. */
export interface WsTestClient {
  socket: TestSocket;
  /** Resolves with the next message matching the predicate (messages already received count). */
  next: (predicate: (message: WsMessage) => boolean, timeoutMs?: number) => Promise<WsMessage>;
  /** Names the client in timeout errors. */
  label: string;
  /** Messages received and not yet taken by `next`. */
  unread: () => WsMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send: (message: unknown) => void;
}

export const ofType = (type: string) => (message: WsMessage) => message.type === type;

export async function connectWs(
  t: TestApp,
  headers: Record<string, string> = { origin: 'http://localhost:80', host: 'localhost:80' },
): Promise<WsTestClient> {
  const socket = await t.app.injectWS(REALTIME_PATH, { headers });
  const received: WsMessage[] = [];
  const waiters: { predicate: (m: WsMessage) => boolean; resolve: (m: WsMessage) => void }[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as WsMessage;
    const index = waiters.findIndex((waiter) => waiter.predicate(message));
    if (index >= 0) {
      waiters.splice(index, 1)[0]?.resolve(message);
    } else {
      received.push(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code: number, reason: Buffer) => {
      resolve({ code, reason: reason.toString() });
    });
  });
  const client: WsTestClient = {
    label: 'client',
    socket,
    closed,
    unread: () => [...received],
    send: (message) => {
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    next: (predicate, timeoutMs = 5000) => {
      const index = received.findIndex(predicate);
      if (index >= 0) {
        return Promise.resolve(received.splice(index, 1)[0] ?? {});
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`${client.label}: no matching message; unread: ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.push({
          predicate,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
  };
  return client;
}

/** A client that has shown `token` and got `ready`: it may subscribe. */
export async function authenticatedWs(t: TestApp, token: string): Promise<WsTestClient> {
  const client = await connectWs(t);
  client.send({ type: 'auth', token });
  await client.next(ofType('ready'));
  return client;
}
