import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appointmentLookupQuerySchema,
  appointmentLookupResultSchema,
} from '@app/contracts/appointment-lookup';
import { apiErrorSchema } from '@app/contracts/errors';
import { NO_PATIENT_ACCESS_TEXT } from '@app/contracts/patient-texts';
import { clinicParamsSchema } from '@app/contracts/provider-workspace';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { lookUpPatientsForAppointment } from './appointment-lookup.service.ts';

/**
 * spec 3 §2 "Look up patient for appointment", issue 17 item 2 (decision 0041). Scheduling needs
 * APPOINTMENTS (spec 3 §6), held at the clinic the URL names; a provider without it gets spec 3 §8's
 * text. PATIENT is not needed: the answer is only who the patient is.
 */
export async function appointmentLookupRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/provider/clinics/:clinicId/appointment-lookup',
    {
      config: {
        access: access.provider('APPOINTMENTS', undefined, NO_PATIENT_ACCESS_TEXT),
      },
      schema: {
        params: clinicParamsSchema,
        querystring: appointmentLookupQuerySchema,
        response: {
          200: appointmentLookupResultSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => lookUpPatientsForAppointment(context, request.params.clinicId, request.query),
  );
}
