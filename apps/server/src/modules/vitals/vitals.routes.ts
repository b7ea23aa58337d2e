import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  clinicPatientPathSchema,
  vitalEntryInputSchema,
  vitalEntryResponseSchema,
  vitalSeriesQuerySchema,
  vitalSeriesResponseSchema,
  taskVitalsResponseSchema,
  vitalReadingSchema,
  vitalsInputSchema,
  vitalsTaskParamsSchema,
} from '@app/contracts/vitals';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import {
  getTaskVitals,
  readOwnSeries,
  readPatientSeries,
  recordOwnEntry,
  recordTaskVitals,
} from './vitals.service.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** The vitals task's calls (issue 5 item 10; paths ours, decision 0021). */
export async function vitalsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/vitals/tasks/:taskId',
    {
      config: { access: access.patientOrProvider('PATIENT') },
      schema: { params: vitalsTaskParamsSchema, response: { 200: taskVitalsResponseSchema, ...errors } },
    },
    async (request) => getTaskVitals(db, requireAuth(request), request.params.taskId),
  );

  routes.post(
    '/api/vitals/tasks/:taskId',
    {
      config: { access: access.patientOrProvider('PATIENT') },
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

  // Issue 6 item 9 (decision 0028): the patient's own history and entries (graphs, /user/vital/group).
  routes.get(
    '/api/vitals/values',
    {
      config: { access: access.patientOwn('PATIENT') },
      schema: {
        querystring: vitalSeriesQuerySchema,
        response: { 200: vitalSeriesResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => readOwnSeries(db, requireAuth(request), request.query, context.now()),
  );

  routes.post(
    '/api/vitals/values',
    {
      config: { access: access.patientOwn('PATIENT') },
      schema: {
        body: vitalEntryInputSchema,
        response: { 201: vitalEntryResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await recordOwnEntry(db, requireAuth(request), request.body, context.now());
      return reply.code(201).send(created);
    },
  );

  // spec 3 §2 health tab (Flowsheet, Graphs & Goals): a patient of the provider's clinic; the tab
  // is in the patient view, so PATIENT as well as REMOTE_PATIENT_MONITORING.
  routes.get(
    '/api/provider/clinics/:clinicId/patients/:patientId/vitals',
    {
      config: { access: access.provider(['PATIENT', 'REMOTE_PATIENT_MONITORING']) },
      schema: {
        params: clinicPatientPathSchema,
        querystring: vitalSeriesQuerySchema,
        response: { 200: vitalSeriesResponseSchema, ...errors },
      },
    },
    async (request) =>
      readPatientSeries(db, request.params.clinicId, request.params.patientId, request.query, context.now()),
  );
}
