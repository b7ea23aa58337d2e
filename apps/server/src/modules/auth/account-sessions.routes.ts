import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_SESSIONS_PATH,
  accountSessionListSchema,
  accountSessionParamsSchema,
  signOutOthersResponseSchema,
} from '@app/contracts/account-sessions';
import { apiErrorSchema } from '@app/contracts/errors';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { accountSessionsOf, signOutOtherSessions, signOutSession } from './account-sessions.service.ts';

const emptyBodySchema = z.object({}).strict().nullish();

/** Issue 19 item 10: the account's sessions and devices (patients and providers alike). */
export async function accountSessionsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    ACCOUNT_SESSIONS_PATH,
    {
      config: { access: access.authenticated },
      schema: { response: { 200: accountSessionListSchema, 403: apiErrorSchema } },
    },
    async (request) => accountSessionsOf(context, requireAuth(request)),
  );

  routes.delete(
    `${ACCOUNT_SESSIONS_PATH}/:sessionId`,
    {
      config: { access: access.authenticated },
      schema: {
        params: accountSessionParamsSchema,
        response: { 204: z.null(), 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await signOutSession(context, requireAuth(request), request.params.sessionId);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    `${ACCOUNT_SESSIONS_PATH}/sign-out-others`,
    {
      config: { access: access.authenticated },
      schema: { body: emptyBodySchema, response: { 200: signOutOthersResponseSchema, 403: apiErrorSchema } },
    },
    async (request) => ({ signedOut: await signOutOtherSessions(context, requireAuth(request)) }),
  );
}
