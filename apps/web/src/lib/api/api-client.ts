import { EXPIRED_ACCESS_TOKEN_TEXT } from '@app/contracts/errors';
import { freshAccessToken, refreshSession } from '../auth/token-refresh.ts';
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
 * that expired anyway (clock skew, sleeping laptop) is refreshed once and the call repeated once.
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
  let response = await send(path, options, useAuth ? await freshAccessToken() : null);
  let body = await readBody(response);
  if (useAuth && isExpiredTokenAnswer(response.status, body)) {
    const refreshed = await refreshSession();
    if (refreshed) {
      response = await send(path, options, refreshed.accessToken);
      body = await readBody(response);
    }
  }
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      path,
      method,
      body,
      `${response.status} ${response.statusText}`.trim(),
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
