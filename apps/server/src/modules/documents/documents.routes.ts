import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  signDocumentResultSchema,
  signDocumentSchema,
  taskDocumentsParamsSchema,
  taskDocumentsSchema,
} from '@app/contracts/documents';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { changedBy, publishAppointmentChangedOnSuccess } from '../../platform/realtime/appointment-events.ts';
import { listTaskDocuments, signDocument } from './documents.service.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Issue 5 item 8: the documents of a sign-document task, and signing one (paths ours, decision 0022). */
export async function documentsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/documents/tasks/:taskId',
    {
      config: { access: access.patientOrProvider('PATIENT') },
      schema: { params: taskDocumentsParamsSchema, response: { 200: taskDocumentsSchema, ...errors } },
    },
    async (request) => listTaskDocuments(context, requireAuth(request), request.params.taskId),
  );

  routes.post(
    '/api/documents/tasks/:taskId/signatures',
    {
      config: { access: access.patientOrProvider('PATIENT') },
      schema: {
        params: taskDocumentsParamsSchema,
        body: signDocumentSchema,
        response: { 201: signDocumentResultSchema, ...errors },
      },
      onResponse: publishAppointmentChangedOnSuccess(context, changedBy.taskParam('taskId')),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await signDocument(context, requireAuth(request), request.params.taskId, request.body)),
  );
}
