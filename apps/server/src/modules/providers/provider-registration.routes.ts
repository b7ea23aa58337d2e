import type { FastifyInstance } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@app/contracts/auth';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  PIN_CODE_SENT_TEXT,
  providerClinicOptionsSchema,
  providerIdParamsSchema,
  providerLookupQuerySchema,
  providerLookupResultSchema,
  providerPasswordSchema,
  providerSecurityQuestionSchema,
  providerUsernameSchema,
} from '@app/contracts/provider-registration';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import {
  lookupProvider,
  sendPinCode,
  setProviderPassword,
  setProviderSecurityQuestion,
  setProviderUsername,
} from './provider-registration.service.ts';

const ONE_MINUTE = 60_000;
const emptyBodySchema = z.object({}).strict().nullish();

/** Doctor registration with pin code and provider self-registration (spec 1 §2, §7). */
export async function providerRegistrationRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The lookup and the pin send are public and say whether a provider exists (spec 1 §4 needs it), so
  // they share the auth routes' per-address budget (decision 0009).
  const perIp = app.rateLimit({
    max: context.env.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: ONE_MINUTE,
    keyGenerator: (r) => `provider-registration-ip:${normalizeIP(r.ip)}`,
  });

  routes.get(
    '/public/providers/exist',
    {
      config: { access: access.public },
      onRequest: perIp,
      schema: {
        querystring: providerLookupQuerySchema,
        response: { 200: providerLookupResultSchema, 300: providerClinicOptionsSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await lookupProvider(context, request.query);
      if (outcome.kind === 'several') {
        // spec 1 §4: HTTP status 300 means multiple clinics.
        return reply.status(300).send(outcome.options);
      }
      return reply.status(200).send({ providerId: outcome.providerId });
    },
  );

  routes.post(
    '/public/providers/:id/pin-code',
    {
      config: { access: access.public },
      onRequest: perIp,
      schema: {
        params: providerIdParamsSchema,
        body: emptyBodySchema,
        response: { 200: messageResponseSchema, 406: apiErrorSchema },
      },
    },
    async (request) => {
      await sendPinCode(context, request.params.id);
      return { message: PIN_CODE_SENT_TEXT };
    },
  );

  routes.patch(
    '/api/providers/:id/username',
    {
      config: { access: access.provider() },
      schema: {
        params: providerIdParamsSchema,
        body: providerUsernameSchema,
        response: { 204: z.null(), 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await setProviderUsername(context, requireAuth(request), request.params.id, request.body.username);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/providers/:id/security/password',
    {
      config: { access: access.provider() },
      schema: { params: providerIdParamsSchema, body: providerPasswordSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await setProviderPassword(context, requireAuth(request), request.params.id, request.body.newPassword);
      return reply.status(204).send(null);
    },
  );

  routes.patch(
    '/api/providers/:id/security/question',
    {
      config: { access: access.provider() },
      schema: {
        params: providerIdParamsSchema,
        body: providerSecurityQuestionSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { question, answer } = request.body;
      await setProviderSecurityQuestion(context, requireAuth(request), request.params.id, question, answer);
      return reply.status(204).send(null);
    },
  );
}
