import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  PUSH_ACTIONS_PATH,
  pushActionRequestSchema,
  pushActionResponseSchema,
} from '@app/contracts/push-actions';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { applyPushAction } from './push-actions.service.ts';

/**
 * POST /public/push/actions {token, action}: a notification's button, posted by the service worker
 * (decision 0044). Public because a notification is answered from the lock screen, with no session;
 * the single-use token authorises exactly that one action on that one record.
 */
export async function pushActionsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    PUSH_ACTIONS_PATH,
    {
      config: { access: access.public },
      schema: {
        body: pushActionRequestSchema,
        response: {
          200: pushActionResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return applyPushAction(context, request.body);
    },
  );
}
