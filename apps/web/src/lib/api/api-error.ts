/** A failed HTTP call: the status (0 when the network failed), the URL and the parsed body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly method: string,
    readonly body: unknown,
    message: string,
    /**
     * A call that needed the session was refused for want of one: the server no longer knows the
     * session it was sent with, or it left after the session ended (decision 0064). The app is on its
     * way to the login, which says so; the error banner stays quiet.
     */
    readonly sessionEnded = false,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** Reads a JSON body if there is one, otherwise the text (or null). */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
