import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_ERROR_TEXT, type ApiError } from '@app/contracts/errors';
import { CONTROL_CHARACTERS_MESSAGE } from '@app/contracts/errors';
import { isInvalidTextError } from './db-errors.ts';
import { HttpError, OAuthHttpError } from './http-error.ts';

function isOAuthRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config.errorShape === 'oauth';
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, body: ApiError) {
  if (isOAuthRoute(request)) {
    const error = status === 429 ? 'slow_down' : status >= 500 ? 'server_error' : 'invalid_request';
    return reply.status(status).send({ error, error_description: body.message });
  }
  return reply.status(status).send(body);
}

/** One error shape for every route; bad input is a 4xx with a readable message, never a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  // Fastify's own 404 repeats the method and the whole URL, query included, which may carry a name or
  // a date of birth someone typed: the answer says only that nothing is there.
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: 'Not found.', code: 'not_found' }),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OAuthHttpError) {
      return reply
        .status(error.statusCode)
        .send({ error: error.error, error_description: error.description, ...error.extra });
    }
    if (error instanceof HttpError) {
      return send(request, reply, error.statusCode, { message: error.message, ...error.body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const detail = issue.message ?? 'This value is not valid.';
        return field ? { detail, field } : { detail };
      });
      return send(request, reply, 400, {
        message: errors[0]?.detail ?? 'The request is not valid.',
        code: 'validation_error',
        errors,
      });
    }
    if (isInvalidTextError(error)) {
      // Last line of defence (decision 0059): the contracts refuse such characters first. Logged
      // without the error's detail, which would quote the offending value.
      request.log.warn({ code: 'invalid_text' }, 'text the database refused reached it past the contracts');
      return send(request, reply, 400, { message: CONTROL_CHARACTERS_MESSAGE, code: 'invalid_text' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(request, reply, status, { message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, { message: GENERIC_ERROR_TEXT });
  });
}
