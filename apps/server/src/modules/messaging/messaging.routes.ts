import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  bulkMessageListSchema,
  bulkMessageRequestSchema,
  bulkMessageSchema,
  bulkPreviewSchema,
  clinicBulkParamsSchema,
  clinicPatientMessageParamsSchema,
  clinicTemplateParamsSchema,
  clinicThreadParamsSchema,
  createThreadRequestSchema,
  departmentOptionListSchema,
  receiverListSchema,
  receiverSearchQuerySchema,
  replyRequestSchema,
  sendSmsRequestSchema,
  smsListSchema,
  smsPreferenceSchema,
  smsRecordSchema,
  smsTemplateListSchema,
  smsTemplateRequestSchema,
  smsTemplateSchema,
  threadDetailSchema,
  threadListQuerySchema,
  threadListSchema,
  threadMessageSchema,
  threadPageQuerySchema,
  threadParamsSchema,
} from '@app/contracts/messaging';
import { clinicParamsSchema, countResponseSchema } from '@app/contracts/provider-workspace';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import * as service from './messaging.service.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const emptySchema = z.null();

/**
 * spec 3 §2 secure messaging (MESSAGE), SMS templates, bulk messaging (BULK_MESSAGING permission and
 * module) for providers under /api/provider/clinics/:clinicId/..., and the patient's own threads
 * under /api/messages/... (decision 0026).
 */
export async function messagingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/provider/clinics/:clinicId';
  const message = access.provider('MESSAGE');
  const bulk = access.provider('BULK_MESSAGING', 'BULK_MESSAGING');

  // --- Provider: threads ---------------------------------------------------------------------

  routes.get(
    `${base}/messages/threads`,
    {
      config: { access: message },
      schema: {
        params: clinicParamsSchema,
        querystring: threadListQuerySchema,
        response: { 200: threadListSchema, ...errors },
      },
    },
    async (request) => ({
      threads: await service.listThreads(context, requireAuth(request), {
        clinicId: request.params.clinicId,
        ...(request.query.patientId ? { patientId: request.query.patientId } : {}),
      }),
    }),
  );

  routes.post(
    `${base}/messages/threads`,
    {
      config: { access: message },
      schema: {
        params: clinicParamsSchema,
        body: createThreadRequestSchema,
        response: { 201: threadDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const thread = await service.createThread(
        context,
        requireAuth(request),
        request.params.clinicId,
        request.body,
      );
      return reply.status(201).send(thread);
    },
  );

  routes.get(
    `${base}/messages/threads/:threadId`,
    {
      config: { access: message },
      schema: {
        params: clinicThreadParamsSchema,
        querystring: threadPageQuerySchema,
        response: { 200: threadDetailSchema, ...errors },
      },
    },
    async (request) =>
      service.readThread(
        context,
        requireAuth(request),
        request.params.threadId,
        request.params.clinicId,
        request.query.before,
      ),
  );

  routes.post(
    `${base}/messages/threads/:threadId/messages`,
    {
      config: { access: message },
      schema: {
        params: clinicThreadParamsSchema,
        body: replyRequestSchema,
        // Only the new message (issue 20 item 4): the thread is read by pages.
        response: { 201: threadMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const message = await service.reply(
        context,
        requireAuth(request),
        request.params.threadId,
        request.body.body,
        request.params.clinicId,
      );
      return reply.status(201).send(message);
    },
  );

  routes.post(
    `${base}/messages/threads/:threadId/read`,
    {
      config: { access: message },
      schema: { params: clinicThreadParamsSchema, response: { 200: countResponseSchema, ...errors } },
    },
    async (request) =>
      service.markThreadRead(context, requireAuth(request), request.params.threadId, request.params.clinicId),
  );

  // BRIEF-dots: the sidebar's unread-messages dot.
  routes.get(
    `${base}/messages/unread-count`,
    {
      config: { access: message },
      schema: { params: clinicParamsSchema, response: { 200: countResponseSchema, ...errors } },
    },
    async (request) => service.unreadCount(context, requireAuth(request), request.params.clinicId),
  );

  // --- Provider: receivers -------------------------------------------------------------------

  // The receiver search of spec 3 §2, one route per kind of receiver.
  for (const kind of ['patient', 'provider'] as const) {
    routes.get(
      `${base}/messages/receivers/${kind}s`,
      {
        config: { access: message },
        schema: {
          params: clinicParamsSchema,
          querystring: receiverSearchQuerySchema,
          response: { 200: receiverListSchema, ...errors },
        },
      },
      async (request) => ({
        receivers: await service.searchReceivers(
          context,
          requireAuth(request),
          request.params.clinicId,
          kind,
          request.query.q,
        ),
      }),
    );
  }

  // --- Provider: SMS to one patient ----------------------------------------------------------

  routes.get(
    `${base}/patients/:patientId/sms`,
    {
      config: { access: message },
      schema: { params: clinicPatientMessageParamsSchema, response: { 200: smsListSchema, ...errors } },
    },
    async (request) => ({
      messages: await service.listSms(context, request.params.clinicId, request.params.patientId),
    }),
  );

  routes.post(
    `${base}/patients/:patientId/sms`,
    {
      config: { access: message },
      schema: {
        params: clinicPatientMessageParamsSchema,
        body: sendSmsRequestSchema,
        response: { 201: smsRecordSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const sms = await service.sendSms(
        context,
        requireAuth(request),
        request.params.clinicId,
        request.params.patientId,
        request.body.body,
      );
      return reply.status(201).send(sms);
    },
  );

  // --- Provider: SMS templates ---------------------------------------------------------------

  routes.get(
    `${base}/sms-templates`,
    {
      config: { access: message },
      schema: { params: clinicParamsSchema, response: { 200: smsTemplateListSchema, ...errors } },
    },
    async (request) => ({ templates: await service.listTemplates(context, request.params.clinicId) }),
  );

  routes.post(
    `${base}/sms-templates`,
    {
      config: { access: message },
      schema: {
        params: clinicParamsSchema,
        body: smsTemplateRequestSchema,
        response: { 201: smsTemplateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTemplate(context, request.params.clinicId, request.body)),
  );

  routes.put(
    `${base}/sms-templates/:templateId`,
    {
      config: { access: message },
      schema: {
        params: clinicTemplateParamsSchema,
        body: smsTemplateRequestSchema,
        response: { 200: smsTemplateSchema, ...errors },
      },
    },
    async (request) =>
      service.editTemplate(context, request.params.clinicId, request.params.templateId, request.body),
  );

  routes.delete(
    `${base}/sms-templates/:templateId`,
    {
      config: { access: message },
      schema: { params: clinicTemplateParamsSchema, response: { 204: emptySchema, ...errors } },
    },
    async (request, reply) => {
      await service.removeTemplate(context, request.params.clinicId, request.params.templateId);
      return reply.status(204).send(null);
    },
  );

  // --- Provider: bulk messaging --------------------------------------------------------------

  routes.get(
    `${base}/bulk-messages/departments`,
    {
      config: { access: bulk },
      schema: { params: clinicParamsSchema, response: { 200: departmentOptionListSchema, ...errors } },
    },
    async (request) => service.listDepartments(context, request.params.clinicId),
  );

  // The bulk page chooses recipients without the MESSAGE permission's receiver search.
  routes.get(
    `${base}/bulk-messages/patients`,
    {
      config: { access: bulk },
      schema: {
        params: clinicParamsSchema,
        querystring: receiverSearchQuerySchema,
        response: { 200: receiverListSchema, ...errors },
      },
    },
    async (request) => ({
      receivers: await service.searchReceivers(
        context,
        requireAuth(request),
        request.params.clinicId,
        'patient',
        request.query.q,
      ),
    }),
  );

  routes.post(
    `${base}/bulk-messages/preview`,
    {
      // A POST that changes nothing: it reads the selected patients (the hook names them from the answer).
      config: { access: bulk, audit: { resource: 'messages', action: 'read' } },
      schema: {
        params: clinicParamsSchema,
        body: bulkMessageRequestSchema,
        response: { 200: bulkPreviewSchema, ...errors },
      },
    },
    async (request) => service.previewBulk(context, request.params.clinicId, request.body),
  );

  routes.post(
    `${base}/bulk-messages`,
    {
      config: { access: bulk },
      schema: {
        params: clinicParamsSchema,
        body: bulkMessageRequestSchema,
        response: { 201: bulkMessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.sendBulk(context, requireAuth(request), request.params.clinicId, request.body)),
  );

  routes.get(
    `${base}/bulk-messages`,
    {
      config: { access: bulk },
      schema: { params: clinicParamsSchema, response: { 200: bulkMessageListSchema, ...errors } },
    },
    async (request) => service.listBulk(context, request.params.clinicId),
  );

  routes.get(
    `${base}/bulk-messages/:bulkId`,
    {
      config: { access: bulk },
      schema: { params: clinicBulkParamsSchema, response: { 200: bulkMessageSchema, ...errors } },
    },
    async (request) => service.readBulk(context, request.params.clinicId, request.params.bulkId),
  );

  // --- Patient: own threads ------------------------------------------------------------------

  routes.get(
    '/api/messages/threads',
    { config: { access: access.patient }, schema: { response: { 200: threadListSchema, ...errors } } },
    async (request) => ({ threads: await service.listThreads(context, requireAuth(request), {}) }),
  );

  routes.get(
    '/api/messages/threads/:threadId',
    {
      config: { access: access.patient },
      schema: {
        params: threadParamsSchema,
        querystring: threadPageQuerySchema,
        response: { 200: threadDetailSchema, ...errors },
      },
    },
    async (request) =>
      service.readThread(
        context,
        requireAuth(request),
        request.params.threadId,
        undefined,
        request.query.before,
      ),
  );

  routes.post(
    '/api/messages/threads/:threadId/messages',
    {
      config: { access: access.patient },
      schema: {
        params: threadParamsSchema,
        body: replyRequestSchema,
        // Only the new message (issue 20 item 4): the thread is read by pages.
        response: { 201: threadMessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.reply(context, requireAuth(request), request.params.threadId, request.body.body)),
  );

  routes.post(
    '/api/messages/threads/:threadId/read',
    {
      config: { access: access.patient },
      schema: { params: threadParamsSchema, response: { 200: countResponseSchema, ...errors } },
    },
    async (request) => service.markThreadRead(context, requireAuth(request), request.params.threadId),
  );

  routes.get(
    '/api/messages/unread-count',
    {
      config: { access: access.patientOrBooking },
      schema: { response: { 200: countResponseSchema, ...errors } },
    },
    async (request) => service.unreadCount(context, requireAuth(request)),
  );

  routes.get(
    '/api/messages/sms-preference',
    { config: { access: access.patient }, schema: { response: { 200: smsPreferenceSchema, ...errors } } },
    async (request) => service.readSmsPreference(context, requireAuth(request)),
  );

  routes.put(
    '/api/messages/sms-preference',
    {
      config: { access: access.patient },
      schema: { body: smsPreferenceSchema, response: { 200: smsPreferenceSchema, ...errors } },
    },
    async (request) => service.writeSmsPreference(context, requireAuth(request), request.body.smsOptOut),
  );
}
