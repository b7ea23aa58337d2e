import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  chartPatientSchema,
  patientChartParamsSchema,
  patientContactsSchema,
  patientPaymentsSchema,
  patientSearchQuerySchema,
  patientSearchResultSchema,
  signedDocumentListSchema,
  stopTimeEntrySchema,
  timeEntryListSchema,
  timeEntryParamsSchema,
  timeEntrySchema,
} from '@app/contracts/patient-chart';
import { clinicParamsSchema } from '@app/contracts/provider-workspace';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import {
  getChartPatient,
  getPatientContacts,
  getPatientPayments,
  listSignedDocuments,
  listTimeEntries,
  searchPatients,
  startTimeEntry,
  stopTimeEntry,
} from './patient-chart.service.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const base = '/api/provider/clinics/:clinicId/patients';
/** spec 3 §6: the patient view and search need PATIENT ("You do not have access to view patient details."). */
const patientAccess = { access: access.provider('PATIENT') };

/** spec 3 §2 Patient search, §7 Get patient, and the data of the patient view's tabs (decision 0025). */
export async function patientChartRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    base,
    {
      config: patientAccess,
      schema: {
        params: clinicParamsSchema,
        querystring: patientSearchQuerySchema,
        response: { 200: patientSearchResultSchema, ...errors },
      },
    },
    async (request) => searchPatients(context, request.params.clinicId, request.query),
  );

  routes.get(
    `${base}/:patientId`,
    {
      config: patientAccess,
      schema: { params: patientChartParamsSchema, response: { 200: chartPatientSchema, ...errors } },
    },
    async (request) => getChartPatient(context, request.params),
  );

  routes.get(
    `${base}/:patientId/signed-documents`,
    {
      config: patientAccess,
      schema: { params: patientChartParamsSchema, response: { 200: signedDocumentListSchema, ...errors } },
    },
    async (request) => listSignedDocuments(context, request.params),
  );

  routes.get(
    `${base}/:patientId/payments`,
    {
      config: patientAccess,
      schema: { params: patientChartParamsSchema, response: { 200: patientPaymentsSchema, ...errors } },
    },
    async (request) => getPatientPayments(context, request.params),
  );

  routes.get(
    `${base}/:patientId/contacts`,
    {
      config: patientAccess,
      schema: { params: patientChartParamsSchema, response: { 200: patientContactsSchema, ...errors } },
    },
    async (request) => getPatientContacts(context, requireAuth(request), request.params),
  );

  routes.get(
    `${base}/:patientId/time-entries`,
    {
      config: patientAccess,
      schema: { params: patientChartParamsSchema, response: { 200: timeEntryListSchema, ...errors } },
    },
    async (request) => listTimeEntries(context, requireAuth(request), request.params),
  );

  routes.post(
    `${base}/:patientId/time-entries`,
    {
      config: patientAccess,
      schema: { params: patientChartParamsSchema, response: { 201: timeEntrySchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await startTimeEntry(context, requireAuth(request), request.params)),
  );

  routes.post(
    `${base}/:patientId/time-entries/:entryId/stop`,
    {
      config: patientAccess,
      schema: {
        params: timeEntryParamsSchema,
        body: stopTimeEntrySchema,
        response: { 200: timeEntrySchema, ...errors },
      },
    },
    async (request) => stopTimeEntry(context, requireAuth(request), request.params, request.body.note),
  );
}
