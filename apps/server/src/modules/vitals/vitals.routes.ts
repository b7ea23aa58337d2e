import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  taskVitalsResponseSchema,
  vitalReadingSchema,
  vitalsInputSchema,
  vitalsTaskParamsSchema,
} from '@app/contracts/vitals';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { getTaskVitals, recordTaskVitals } from './vitals.service.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** The vitals task's calls (issue 5 item 10; paths ours, decision 0021). */
export async function vitalsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/vitals/tasks/:taskId',
    {
      config: { access: access.authenticated },
      schema: { params: vitalsTaskParamsSchema, response: { 200: taskVitalsResponseSchema, ...errors } },
    },
    async (request) => getTaskVitals(db, requireAuth(request), request.params.taskId),
  );

  routes.post(
    '/api/vitals/tasks/:taskId',
    {
      config: { access: access.authenticated },
      schema: {
        params: vitalsTaskParamsSchema,
        body: vitalsInputSchema,
        response: { 201: vitalReadingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const reading = await recordTaskVitals(
        db,
        requireAuth(request),
        request.params.taskId,
        request.body,
        context.now(),
      );
      return reply.code(201).send(reading);
    },
  );
}
