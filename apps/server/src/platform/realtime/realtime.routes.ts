import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REALTIME_PATH } from '@app/contracts/realtime';
import type { AppContext } from '../../app-context.ts';
import { access, authContextOfRequest } from '../access.ts';
import { HttpError } from '../http-error.ts';
import { RealtimeConnection, type RoomMessageHandler } from './realtime-connection.ts';

/** Server-side keep-alive: a connection that misses a ping round is dropped. */
const PING_INTERVAL_MS = 30_000;

/**
 * Cross-site WebSocket hijacking: a browser always sends Origin on a WebSocket, and the page of
 * another site must not open ours with the user's cookies or token. Our own origin (the Host the
 * request came to, or PUBLIC_URL) and CORS_ORIGINS are allowed; clients without Origin (not
 * browsers) still have to show a token.
 */
function originAllowed(request: FastifyRequest, context: AppContext): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) {
    return true;
  }
  let host: string;
  let ownHost: string;
  try {
    // The port is compared as URL normalises it (a default port is dropped from both sides).
    const originUrl = new URL(origin);
    host = originUrl.host;
    ownHost = new URL(`${originUrl.protocol}//${request.headers.host ?? ''}`).host;
  } catch {
    return false;
  }
  const allowed = new Set(
    context.env.CORS_ORIGINS.split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
  if (context.env.PUBLIC_URL) {
    allowed.add(new URL(context.env.PUBLIC_URL).origin);
  }
  return host === ownHost || allowed.has(origin);
}

/** Needs @fastify/websocket registered on the root instance (app.ts). */
export function realtimeRoutes(
  app: FastifyInstance,
  /** `rooms`: the video module's room signaling (issue 7), wired in app.ts. */
  options: { context: AppContext; rooms?: RoomMessageHandler },
  done: () => void,
): void {
  const { context } = options;

  const alive = new WeakSet<object>();
  const pinger = setInterval(() => {
    for (const client of app.websocketServer.clients) {
      if (!alive.has(client)) {
        client.terminate();
        continue;
      }
      alive.delete(client);
      client.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();
  app.addHook('onClose', async () => {
    clearInterval(pinger);
    await context.realtime.close();
  });

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      // The socket authenticates in its first message (browsers cannot set headers on a WebSocket).
      config: { access: access.public },
      preValidation: (request, _reply, done) => {
        done(
          originAllowed(request, context)
            ? undefined
            : new HttpError(403, 'Origin not allowed.', { code: 'forbidden' }),
        );
      },
    },
    (socket, request) => {
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      new RealtimeConnection(socket, {
        hub: context.realtime,
        db: context.db,
        rooms: options.rooms,
        now: context.now,
        log: request.log,
        authenticate: (token) =>
          authContextOfRequest(context, { headers: { authorization: `Bearer ${token}` } }),
      });
    },
  );
  done();
}
