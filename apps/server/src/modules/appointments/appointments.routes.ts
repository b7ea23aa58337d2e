import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { normalizeIP } from '@fastify/rate-limit';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  appointmentIdParamsSchema,
  appointmentListQuerySchema,
  appointmentListResponseSchema,
  appointmentSchema,
  appointmentUuidParamsSchema,
  createAppointmentResponseSchema,
  createAppointmentSchema,
  publicAppointmentSchema,
  waitlistParamsSchema,
  waitlistResponseSchema,
} from '@app/contracts/appointments';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import {
  appointmentCalendar,
  cancelAppointment,
  convertToTelehealth,
  joinWaitlist,
  listAppointments,
  readAppointment,
  readPublicAppointment,
} from './appointments.service.ts';
import { createAppointment } from './create-appointment.service.ts';

const ONE_MINUTE = 60_000;
const emptyBodySchema = z.object({}).strict().nullish();

/** Where links in messages point: PUBLIC_URL, else the origin the request came to. */
export function linkBaseOf(context: AppContext, request: FastifyRequest): string {
  return (context.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

/** spec 2 §7 appointment calls: list, by id, public by uuid, delete, add to calendar, waitlist, convert. */
export async function appointmentsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The public link guesses nothing (random uuid), but is still budgeted per address like the other
  // public routes (decision 0009).
  const perIp = app.rateLimit({
    max: context.env.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: ONE_MINUTE,
    keyGenerator: (r) => `public-appointment-ip:${normalizeIP(r.ip)}`,
  });

  routes.get(
    '/api/appointments',
    {
      config: { access: access.authenticated },
      schema: {
        querystring: appointmentListQuerySchema,
        response: { 200: appointmentListResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({
      appointments: await listAppointments(context, requireAuth(request), request.query),
    }),
  );

  routes.post(
    '/api/appointments',
    {
      // spec 3 §2, §6: booking for a patient needs APPOINTMENTS at the clinic of the visit (the
      // service books only at the caller's clinics, narrowed to those where it holds).
      config: { access: access.patientOrProvider('APPOINTMENTS') },
      schema: {
        body: createAppointmentSchema,
        response: {
          201: createAppointmentResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await createAppointment(
        context,
        requireAuth(request),
        request.body,
        linkBaseOf(context, request),
      );
      return reply.status(201).send(created);
    },
  );

  routes.get(
    '/api/appointments/:id',
    {
      config: { access: access.authenticated },
      schema: {
        params: appointmentIdParamsSchema,
        response: { 200: appointmentSchema, 404: apiErrorSchema },
      },
    },
    async (request) => readAppointment(context, requireAuth(request), request.params.id),
  );

  routes.get(
    '/public/appointments/:uuid',
    {
      config: { access: access.public },
      onRequest: perIp,
      schema: {
        params: appointmentUuidParamsSchema,
        response: { 200: publicAppointmentSchema, 404: apiErrorSchema },
      },
    },
    async (request) => readPublicAppointment(context, request.params.uuid),
  );

  routes.delete(
    '/api/appointments/:id',
    {
      config: { access: access.authenticated },
      schema: {
        params: appointmentIdParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await cancelAppointment(context, requireAuth(request), request.params.id, linkBaseOf(context, request));
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/appointments/:id/calendar.ics',
    {
      config: { access: access.authenticated },
      schema: { params: appointmentIdParamsSchema, response: { 200: z.string(), 404: apiErrorSchema } },
    },
    async (request, reply) => {
      const calendar = await appointmentCalendar(context, requireAuth(request), request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="appointment.ics"')
        .header('cache-control', 'no-store')
        .send(calendar);
    },
  );

  routes.post(
    '/api/clinics/:clinicUuid/appointments/:id/waitlist',
    {
      config: { access: access.authenticated },
      schema: {
        params: waitlistParamsSchema,
        body: emptyBodySchema,
        response: { 200: waitlistResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      joinWaitlist(context, requireAuth(request), request.params.clinicUuid, request.params.id),
  );

  routes.post(
    '/api/appointments/:id/convert-to-telehealth',
    {
      config: { access: access.provider() },
      schema: {
        params: appointmentIdParamsSchema,
        body: emptyBodySchema,
        response: { 200: appointmentSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => convertToTelehealth(context, requireAuth(request), request.params.id),
  );
}
