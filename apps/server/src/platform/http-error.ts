import type { ApiError } from '@app/contracts/errors';

/** An expected failure with a status and a message a person can read (ARCHITECTURE.md, convention 4). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Omit<ApiError, 'message'> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The OAuth-shaped failure of the token endpoint: 400 {error, error_description}. */
export class OAuthHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly description: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(description);
    this.name = 'OAuthHttpError';
  }
}
