import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  communicationLanguageRequestSchema,
  userIdParamsSchema,
} from '@app/contracts/communication-language';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { setCommunicationLanguage } from './communication-language.service.ts';

/** spec 1 §7 Communication language: PATCH by user id, payload language (spec 1 §4). */
export async function communicationLanguageRoutes(
  app: FastifyInstance,
  { context }: { context: AppContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.patch(
    '/api/users/:id/communication-language',
    {
      config: { access: access.authenticated },
      schema: {
        params: userIdParamsSchema,
        body: communicationLanguageRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setCommunicationLanguage(context, requireAuth(request), request.params.id, request.body.language);
      return reply.status(204).send(null);
    },
  );
}
