import { EXPIRED_ACCESS_TOKEN_TEXT } from '@app/contracts/errors';
import { endRefusedSession, freshAccessToken, refreshSession } from '../auth/token-refresh.ts';
import { ApiRequestError, readBody } from './api-error.ts';

/** What reads an answer: a contract zod schema fits (safeParse), so does `anyBody`. */
export interface ResponseParser<T> {
  safeParse: (body: unknown) => { success: true; data: T } | { success: false };
}

/** For answers whose body nobody reads (e.g. logout). */
export const anyBody: ResponseParser<unknown> = { safeParse: (body) => ({ success: true, data: body }) };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** Send the access token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

function isExpiredTokenAnswer(status: number, body: unknown): boolean {
  return (
    status === 401 &&
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    body.message === EXPIRED_ACCESS_TOKEN_TEXT
  );
}

/**
 * The access rules' 401 for a session that no longer exists (signed out from another device, signed
 * out everywhere, the account's sessions ended by the server) or a token that is not ours: the person
 * is no longer signed in, whatever this tab still holds.
 */
function isRefusedSessionAnswer(status: number, body: unknown): boolean {
  return (
    status === 401 &&
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    (body.code === 'session_revoked' || body.code === 'unauthenticated')
  );
}

async function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  try {
    return await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) {
      throw error;
    }
    throw new ApiRequestError(
      0,
      path,
      method,
      null,
      error instanceof Error ? error.message : 'Network error',
    );
  }
}

/**
 * Calls our API with JSON in and out and parses the answer with its contract schema. An access token
 * that expired anyway (clock skew, sleeping laptop) is refreshed once and the call repeated once. A
 * session the server no longer knows ends here as a refused refresh does: the app goes to the login
 * of its area and says the session ended (decision 0064).
 *
 * The schema may be given as a promise (`import('@app/contracts/…').then(…)`): the request then goes
 * out at once and the contract's chunk loads beside it, instead of one after the other (issue 18).
 */
export async function apiRequest<T>(
  path: string,
  schema: ResponseParser<T> | Promise<ResponseParser<T>>,
  options: ApiRequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const useAuth = options.auth ?? true;
  // A schema chunk that fails to load while the request fails too must not be an unhandled rejection.
  if (schema instanceof Promise) {
    schema.catch(() => undefined);
  }
  let token = useAuth ? await freshAccessToken() : null;
  let response = await send(path, options, token);
  let body = await readBody(response);
  if (useAuth && isExpiredTokenAnswer(response.status, body)) {
    const refreshed = await refreshSession();
    if (refreshed) {
      token = refreshed.accessToken;
      response = await send(path, options, token);
      body = await readBody(response);
    }
  }
  // A call that needed the session and is refused for want of one: sent with a session the server no
  // longer knows (that ends it here), or sent after it ended by a screen that is being left.
  const sessionEnded = useAuth && isRefusedSessionAnswer(response.status, body);
  if (sessionEnded && token !== null) {
    endRefusedSession(token);
  }
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      path,
      method,
      body,
      `${response.status} ${response.statusText}`.trim(),
      sessionEnded,
    );
  }
  const parsed = (await schema).safeParse(body);
  if (!parsed.success) {
    throw new ApiRequestError(
      response.status,
      path,
      method,
      body,
      'The server answered in an unexpected shape.',
    );
  }
  return parsed.data;
}
