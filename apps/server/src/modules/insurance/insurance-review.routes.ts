import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  insuranceNextQuerySchema,
  insuranceNextSchema,
  insuranceReviewCardParamsSchema,
  insuranceReviewCardSchema,
  insuranceReviewListSchema,
  insuranceReviewQuerySchema,
  insuranceStatusChangeSchema,
} from '@app/contracts/insurance';
import { clinicParamsSchema, countResponseSchema } from '@app/contracts/provider-workspace';
import { realtimeTopic } from '@app/contracts/realtime';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import {
  changeCardStatus,
  countReviewCards,
  getReviewCard,
  listReviewCards,
  nextReviewCard,
} from './insurance-review.service.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const base = '/api/provider/clinics/:clinicId/insurance-cards';
/** spec 3 §2 sidebar: Insurance Cards needs PROVIDER_INSURANCE and the USER_INSURANCE module. */
const reviewAccess = { access: access.provider('PROVIDER_INSURANCE', 'USER_INSURANCE') };

/** spec 3 §2 insurance cards list, filter and card view; §7 list, count, details, status (decision 0025). */
export async function insuranceReviewRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    base,
    {
      config: reviewAccess,
      schema: {
        params: clinicParamsSchema,
        querystring: insuranceReviewQuerySchema,
        response: { 200: insuranceReviewListSchema, ...errors },
      },
    },
    async (request) => listReviewCards(context, request.params.clinicId, request.query),
  );

  // The sidebar's red dot (BRIEF-dots): { count } with the list's filters.
  routes.get(
    `${base}/count`,
    {
      config: reviewAccess,
      schema: {
        params: clinicParamsSchema,
        querystring: insuranceReviewQuerySchema,
        response: { 200: countResponseSchema, ...errors },
      },
    },
    async (request) => ({ count: await countReviewCards(context, request.params.clinicId, request.query) }),
  );

  routes.get(
    `${base}/next`,
    {
      config: reviewAccess,
      schema: {
        params: clinicParamsSchema,
        querystring: insuranceNextQuerySchema,
        response: { 200: insuranceNextSchema, ...errors },
      },
    },
    async (request) => nextReviewCard(context, request.params.clinicId, request.query),
  );

  routes.get(
    `${base}/:userId/:kind`,
    {
      config: reviewAccess,
      schema: {
        params: insuranceReviewCardParamsSchema,
        response: { 200: insuranceReviewCardSchema, ...errors },
      },
    },
    async (request) => getReviewCard(context, request.params),
  );

  routes.put(
    `${base}/:userId/:kind/status`,
    {
      config: reviewAccess,
      schema: {
        params: insuranceReviewCardParamsSchema,
        body: insuranceStatusChangeSchema,
        response: { 200: insuranceReviewCardSchema, ...errors },
      },
    },
    async (request) =>
      changeCardStatus(context, request.params, request.body, () => {
        // BRIEF-dots: the new-card count changed; clients refetch their red dot (events are hints).
        context.realtime
          .publish(realtimeTopic.clinic(request.params.clinicId), { type: 'counts.changed' })
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'realtime publish failed');
          });
      }),
  );
}
