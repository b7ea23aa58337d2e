import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  appointmentListQuerySchema,
  appointmentListResponseSchema,
} from '@app/contracts/provider-appointments';
import { clinicParamsSchema } from '@app/contracts/provider-workspace';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { listClinicAppointments } from './provider-appointments.service.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * /provider/appointments (decision 0039): the clinic's appointments across providers. spec 3 §6
 * APPOINTMENTS guards it; the access rule answers another clinic with 404.
 */
export async function providerAppointmentsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/provider/clinics/:clinicId/appointments',
    {
      config: { access: access.provider('APPOINTMENTS') },
      schema: {
        params: clinicParamsSchema,
        querystring: appointmentListQuerySchema,
        response: { 200: appointmentListResponseSchema, ...errors },
      },
    },
    async (request) => listClinicAppointments(context, request.params.clinicId, request.query),
  );
}
