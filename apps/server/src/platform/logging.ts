import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { describeDatabaseError } from './db-errors.ts';

// Logs without health data (issue 19 item 4, decision 0058). Three layers:
// 1. what Fastify writes per request is the method, the path without its query string, the request id
//    and the status: no headers, no bodies, no query strings (contact data and codes travel in them);
// 2. an error is written through one serializer: a database error as its SQLSTATE, constraint, table
//    and a message with its values blanked (never the query text or its parameters), any other error
//    with its message and stack but none of the properties drivers and HTTP clients attach (params,
//    query, body, config, response…);
// 3. pino's redaction removes, by key, tokens, passwords, codes, contact data and bodies from any
//    object a module hands to the logger, should one ever pass them.

/** Keys whose values are never written, at the top of a log object or one level down. */
const REDACTED_KEYS = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'otp',
  'email',
  'phone',
  'mobilePhone',
  'birthdate',
  'firstName',
  'lastName',
  'body',
  'payload',
  'params',
  'parameters',
  'query',
];

export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...REDACTED_KEYS,
  ...REDACTED_KEYS.map((key) => `*.${key}`),
];

/** The request as a log line shows it: never the query string, headers or body. */
export function serializeRequest(request: { method: string; url: string; id: string }) {
  return { id: request.id, method: request.method, path: pathOf(request.url) };
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? '';
}

const STACK_FRAME = /^\s+at /;

/** The code locations of a stack, without its first lines (they repeat the message, values included). */
function framesOf(stack: unknown): string {
  return typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => STACK_FRAME.test(line))
        .join('\n')
    : '';
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  db?: ReturnType<typeof describeDatabaseError>;
  cause?: SerializedError;
}

/** pino's `err` serializer: every error a log line carries goes through it. */
export function serializeError(error: Error, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    // Something thrown that is not an Error: its type only (its value may be anything a caller held).
    return { type: typeof error, message: 'a non-Error value was thrown', stack: '' };
  }
  const type = error.constructor.name || error.name;
  const db = describeDatabaseError(error);
  if (db) {
    // The whole cause chain is summarised at once: no cause is written with its own message.
    return { type, message: db.message, stack: `${type}: ${db.message}\n${framesOf(error.stack)}`, db };
  }
  const serialized: SerializedError = {
    type,
    message: error.message,
    stack: typeof error.stack === 'string' ? error.stack : '',
  };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string') {
    serialized.code = code;
  }
  if (typeof statusCode === 'number') {
    serialized.statusCode = statusCode;
  }
  if (error.cause instanceof Error && depth < 5) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}

/**
 * Fastify's own lines, with one change: a route that does not exist is logged by its path. (Fastify
 * writes the whole URL there, query string included: `?email=…&phone=…` would reach the log.)
 */
export class PathOnlyLogController extends LogController {
  override routeNotFound(request: FastifyRequest, _reply: FastifyReply): void {
    if (this.isLogDisabled(request)) {
      return;
    }
    request.log.info({ path: pathOf(request.raw.url ?? '') }, 'route not found');
  }
}
