import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  balanceListSchema,
  balanceQuerySchema,
  copayInfoSchema,
  payBalancesSchema,
  payCopaySchema,
  paymentTaskParamsSchema,
  transactionParamsSchema,
  transactionSchema,
} from '@app/contracts/payments';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { testPaymentProcessor, type PaymentProcessor } from './payment-processor.ts';
import { getCopay, getReceipt, listBalances, payBalances, payCopay } from './payments.service.ts';

const errors = { 400: apiErrorSchema, 402: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Outstanding balance, copay and receipts (issue 5 item 9; paths ours, decision 0021). */
export async function paymentsRoutes(
  app: FastifyInstance,
  { context, processor = testPaymentProcessor }: { context: AppContext; processor?: PaymentProcessor },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/payments/balances',
    {
      config: { access: access.patient },
      schema: { querystring: balanceQuerySchema, response: { 200: balanceListSchema, ...errors } },
    },
    async (request) => listBalances(db, requireAuth(request), request.query.clinicUuid),
  );

  routes.post(
    '/api/payments/balances/pay',
    {
      config: { access: access.patient },
      schema: { body: payBalancesSchema, response: { 201: transactionSchema, ...errors } },
    },
    async (request, reply) => {
      const receipt = await payBalances(db, processor, requireAuth(request), request.body, context.now());
      return reply.code(201).send(receipt);
    },
  );

  routes.get(
    '/api/payments/tasks/:taskId/copay',
    {
      config: { access: access.authenticated },
      schema: { params: paymentTaskParamsSchema, response: { 200: copayInfoSchema, ...errors } },
    },
    async (request) => getCopay(db, requireAuth(request), request.params.taskId),
  );

  routes.post(
    '/api/payments/tasks/:taskId/copay',
    {
      config: { access: access.authenticated },
      schema: {
        params: paymentTaskParamsSchema,
        body: payCopaySchema,
        response: { 201: transactionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const receipt = await payCopay(
        db,
        processor,
        requireAuth(request),
        request.params.taskId,
        request.body.card,
        context.now(),
      );
      return reply.code(201).send(receipt);
    },
  );

  routes.get(
    '/api/payments/transactions/:transactionId',
    {
      config: { access: access.authenticated },
      schema: { params: transactionParamsSchema, response: { 200: transactionSchema, ...errors } },
    },
    async (request) => getReceipt(db, requireAuth(request), request.params.transactionId),
  );
}
