import { GENERIC_ERROR_TEXT } from '@app/contracts/errors';
import { isApiRequestError } from '../../lib/api/api-error.ts';

/** The server's message for a failed call in this screen's own alert (spec 1 §8 error texts). */
export function errorText(error: unknown): string {
  if (isApiRequestError(error) && typeof error.body === 'object' && error.body !== null) {
    const message = (error.body as Record<string, unknown>).message;
    if (typeof message === 'string' && message.trim()) {
      return message;
    }
  }
  return GENERIC_ERROR_TEXT;
}
