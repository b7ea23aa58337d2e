import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { uploadResultSchema } from '@app/contracts/files';
import {
  insuranceCardKindParamsSchema,
  insuranceCardListSchema,
  insuranceCardSchema,
  insuranceCardsQuerySchema,
  insuranceQueueCountSchema,
  insuranceQueueQuerySchema,
  insuranceUploadQuerySchema,
  saveInsuranceCardSchema,
} from '@app/contracts/insurance';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { readSingleFile, registerUploads } from '../../platform/files/multipart-upload.ts';
import {
  countQueueCards,
  getCard,
  listCards,
  listQueue,
  saveCard,
  uploadCardImage,
} from './insurance.service.ts';

const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
};

/** spec 2 §2/§7 insurance card task calls, spec 3 §7 the review queue (paths ours, decision 0022). */
export async function insuranceRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  await registerUploads(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A patient's cards (the check-in task, the patient view): theirs, or a provider's with PATIENT at
  // their clinic. The review queue is the Insurance Cards screen's: PROVIDER_INSURANCE and the
  // USER_INSURANCE module, as its other routes (spec 3 §2 sidebar, decision 0060).
  const patientData = { access: access.patientOrProvider('PATIENT') };
  const reviewQueue = { access: access.provider('PROVIDER_INSURANCE', 'USER_INSURANCE') };

  routes.post(
    '/api/insurance/card-images',
    {
      config: patientData,
      schema: { querystring: insuranceUploadQuerySchema, response: { 201: uploadResultSchema, ...errors } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const bytes = await readSingleFile(request);
      return reply.status(201).send(await uploadCardImage(context, auth, request.query, bytes));
    },
  );

  routes.get(
    '/api/insurance/cards',
    {
      config: patientData,
      schema: {
        querystring: insuranceCardsQuerySchema,
        response: { 200: insuranceCardListSchema, ...errors },
      },
    },
    async (request) => listCards(context, requireAuth(request), request.query),
  );

  routes.get(
    '/api/insurance/cards/:kind',
    {
      config: patientData,
      schema: {
        params: insuranceCardKindParamsSchema,
        querystring: insuranceCardsQuerySchema,
        response: { 200: insuranceCardSchema, ...errors },
      },
    },
    async (request) => getCard(context, requireAuth(request), request.query, request.params.kind),
  );

  routes.put(
    '/api/insurance/cards/:kind',
    {
      config: patientData,
      schema: {
        params: insuranceCardKindParamsSchema,
        body: saveInsuranceCardSchema,
        response: { 200: insuranceCardSchema, ...errors },
      },
    },
    async (request) => saveCard(context, requireAuth(request), request.params.kind, request.body),
  );

  routes.get(
    '/api/insurance/queue',
    {
      config: reviewQueue,
      schema: {
        querystring: insuranceQueueQuerySchema,
        response: { 200: insuranceCardListSchema, ...errors },
      },
    },
    async (request) => listQueue(context, requireAuth(request), request.query),
  );

  routes.get(
    '/api/insurance/queue/count',
    {
      config: reviewQueue,
      schema: {
        querystring: insuranceQueueQuerySchema,
        response: { 200: insuranceQueueCountSchema, ...errors },
      },
    },
    async (request) => ({ count: await countQueueCards(context, requireAuth(request), request.query) }),
  );
}
