import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  appointmentTasksParamsSchema,
  checkInEntryListSchema,
  checkInStatisticSchema,
  checkInTaskListSchema,
  checkInTaskSchema,
  finishCheckInResponseSchema,
  finishCheckInSchema,
  markTaskSchema,
  taskParamsSchema,
} from '@app/contracts/check-in';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { changedBy, publishAppointmentChangedOnSuccess } from '../../platform/realtime/appointment-events.ts';
import {
  finishCheckIn,
  listAppointmentTasks,
  listCheckInEntries,
  markTask,
  recordCheckInEvent,
} from './check-in.service.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** spec 2 §7 check-in calls (paths ours, decision 0018). Patients for themselves; providers for their clinic. */
export async function checkInRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/check-in/entries',
    {
      config: { access: access.authenticated },
      schema: { response: { 200: checkInEntryListSchema, ...errors } },
    },
    async (request) => listCheckInEntries(db, requireAuth(request), context.now()),
  );

  routes.get(
    '/api/check-in/appointments/:appointmentId/tasks',
    {
      config: { access: access.authenticated },
      schema: { params: appointmentTasksParamsSchema, response: { 200: checkInTaskListSchema, ...errors } },
    },
    async (request) => listAppointmentTasks(db, requireAuth(request), request.params.appointmentId),
  );

  routes.post(
    '/api/check-in/appointments/:appointmentId/tasks/:taskId/status',
    {
      config: { access: access.authenticated },
      schema: {
        params: taskParamsSchema,
        body: markTaskSchema,
        response: { 200: checkInTaskSchema, ...errors },
      },
      onResponse: publishAppointmentChangedOnSuccess(context, changedBy.appointmentParam('appointmentId')),
    },
    async (request) => markTask(db, requireAuth(request), request.params, request.body, context.now()),
  );

  routes.post(
    '/api/check-in/finish',
    {
      config: { access: access.authenticated },
      schema: { body: finishCheckInSchema, response: { 200: finishCheckInResponseSchema, ...errors } },
      onResponse: publishAppointmentChangedOnSuccess(
        context,
        changedBy.appointmentListInBody('appointmentIds'),
      ),
    },
    async (request) => finishCheckIn(db, requireAuth(request), request.body.appointmentIds, context.now()),
  );

  routes.post(
    '/api/statistic/appointment/check-in',
    {
      config: { access: access.authenticated },
      schema: { body: checkInStatisticSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await recordCheckInEvent(db, requireAuth(request), request.body, context.now());
      return reply.code(204).send(null);
    },
  );
}
