import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  checkInTaskListSchema,
  checkInTaskSchema,
  onFlyListQuerySchema,
  onFlyTaskParamsSchema,
} from '@app/contracts/check-in';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { listOnFlyTasks, markOnFlyTask } from './on-fly.service.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** spec 2 §7 on-the-fly task calls (paths ours, decision 0019). The patient's own tasks only. */
export async function onFlyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/on-fly-tasks',
    {
      config: { access: access.authenticated },
      schema: { querystring: onFlyListQuerySchema, response: { 200: checkInTaskListSchema, ...errors } },
    },
    async (request) => listOnFlyTasks(db, requireAuth(request), request.query.clinicUuid),
  );

  for (const [path, status] of [
    ['accessed', 'ACCESSED'],
    ['done', 'DONE'],
  ] as const) {
    routes.post(
      `/api/on-fly-tasks/:settingId/${path}`,
      {
        config: { access: access.authenticated },
        schema: { params: onFlyTaskParamsSchema, response: { 200: checkInTaskSchema, ...errors } },
      },
      async (request) =>
        markOnFlyTask(db, requireAuth(request), request.params.settingId, status, context.now()),
    );
  }
}
