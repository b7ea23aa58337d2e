import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { NO_PATIENT_ACCESS_TEXT } from '@app/contracts/patient-texts';
import {
  clinicPatientParamsSchema,
  patientClinicListSchema,
  patientCreateRequestSchema,
  patientCreateResponseSchema,
  patientIdParamsSchema,
  patientSummarySchema,
} from '@app/contracts/patients';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { listPatientClinics, readPatient, registerPatient } from './patients.service.ts';

/** spec 2 §2 provider new-patient registration and the provider's view of one patient. */
export async function patientsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/clinics/:clinicUuid/patients',
    {
      // The clinic itself is checked by the service: PATIENT must be held at this clinic.
      config: { access: access.provider('PATIENT') },
      schema: {
        params: clinicPatientParamsSchema,
        body: patientCreateRequestSchema,
        response: { 201: patientCreateResponseSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await registerPatient(
        context,
        requireAuth(request),
        request.params.clinicUuid,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  routes.get(
    '/api/patients/:patientId',
    {
      // PATIENT or APPOINTMENTS at one of the patient's clinics (the service finds the patient only
      // at the clinics where one holds); the member ID only with PATIENT (decision 0060).
      config: { access: access.providerAnyOf(['PATIENT', 'APPOINTMENTS'], NO_PATIENT_ACCESS_TEXT) },
      schema: { params: patientIdParamsSchema, response: { 200: patientSummarySchema, 403: apiErrorSchema } },
    },
    async (request) => readPatient(context, requireAuth(request), request.params.patientId),
  );

  routes.get(
    '/api/provider/patient-clinics',
    { config: { access: access.provider() }, schema: { response: { 200: patientClinicListSchema } } },
    async (request) => ({ clinics: await listPatientClinics(context, requireAuth(request)) }),
  );
}
