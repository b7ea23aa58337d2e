import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appointmentIdParamsSchema } from '@app/contracts/appointments';
import { apiErrorSchema } from '@app/contracts/errors';
import { patientChartParamsSchema } from '@app/contracts/patient-chart';
import {
  attachmentListSchema,
  attachmentParamsSchema,
  attachmentSchema,
  myDocumentsSchema,
  providerPatientAttachmentsSchema,
} from '@app/contracts/patient-documents';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { readUpload, registerUploads } from '../../platform/files/multipart-upload.ts';
import {
  addAttachment,
  listAttachments,
  listPatientAttachmentsForProvider,
  removeAttachment,
} from './attachments.service.ts';
import { readMyDocuments } from './my-documents.service.ts';

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
};

/** Issue 16 items 1 and 2: the patient's documents and appointment attachments (decision 0033). */
export async function patientDocumentsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  await registerUploads(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/documents/mine',
    {
      config: { access: access.patientOwn('PATIENT') },
      schema: { response: { 200: myDocumentsSchema, ...errors } },
    },
    async (request) => readMyDocuments(context, requireAuth(request)),
  );

  routes.post(
    '/api/appointments/:id/attachments',
    {
      config: { access: access.patientOwn('PATIENT') },
      schema: { params: appointmentIdParamsSchema, response: { 201: attachmentSchema, ...errors } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const upload = await readUpload(request);
      return reply.status(201).send(await addAttachment(context, auth, request.params.id, upload));
    },
  );

  routes.get(
    '/api/appointments/:id/attachments',
    {
      config: { access: access.patientOrProvider('PATIENT') },
      schema: { params: appointmentIdParamsSchema, response: { 200: attachmentListSchema, ...errors } },
    },
    async (request) => listAttachments(context, requireAuth(request), request.params.id),
  );

  routes.delete(
    '/api/appointments/:id/attachments/:fileId',
    {
      config: { access: access.patientOwn('PATIENT') },
      schema: { params: attachmentParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeAttachment(context, requireAuth(request), request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );

  // spec 3 §2 patient view, documents tab (PATIENT, as the tab's other calls).
  routes.get(
    '/api/provider/clinics/:clinicId/patients/:patientId/appointment-attachments',
    {
      config: { access: access.provider('PATIENT') },
      schema: {
        params: patientChartParamsSchema,
        response: { 200: providerPatientAttachmentsSchema, ...errors },
      },
    },
    async (request) => listPatientAttachmentsForProvider(context, requireAuth(request), request.params),
  );
}
