import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { HEALTH_CARD_PATH, healthCardSchema } from '@app/contracts/health-card';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { healthCardOf } from './health-card.service.ts';

/** Issue 16 /user/single/health-card (decision 0034): the signed-in patient's member card. */
export async function healthCardRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    HEALTH_CARD_PATH,
    {
      config: { access: access.patientOwn('PATIENT') },
      schema: { response: { 200: healthCardSchema, 404: apiErrorSchema } },
    },
    async (request) => healthCardOf(context, requireAuth(request)),
  );
}
