import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  confirmPatientQuerySchema,
  confirmPatientSchema,
  kioskConfirmPatientParamsSchema,
} from '@app/contracts/confirm-patient';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { confirmPatientOfSelf, confirmPatientOfVisit } from './confirm-patient.service.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/**
 * spec 1 §2 rule 3 {role}/confirm-patient (issue 16, decision 0036): who is checking in. Patients read
 * themselves; the kiosk (a provider's session, spec 2 §2) reads the patient of a visit of its clinic.
 */
export async function confirmPatientRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/check-in/confirm-patient',
    {
      config: { access: access.patient },
      schema: { querystring: confirmPatientQuerySchema, response: { 200: confirmPatientSchema, ...errors } },
    },
    async (request) =>
      confirmPatientOfSelf(db, requireAuth(request), request.query.appointmentId, context.now()),
  );

  routes.get(
    '/api/self-check-in/appointments/:appointmentId/confirm-patient',
    {
      // The kiosk (self check-in) shows the patient's details: PATIENT (decision 0060).
      config: { access: access.provider('PATIENT') },
      schema: {
        params: kioskConfirmPatientParamsSchema,
        response: { 200: confirmPatientSchema, ...errors },
      },
    },
    async (request) => confirmPatientOfVisit(db, requireAuth(request), request.params.appointmentId),
  );
}
