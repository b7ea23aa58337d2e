import type { FastifyInstance } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activateAccountResponseSchema,
  activateAccountSchema,
  forgotPasswordStartResponseSchema,
  forgotPasswordStartSchema,
  forgotUsernameLookupResponseSchema,
  forgotUsernameLookupSchema,
  recoveryChannelRequestSchema,
  securityAnswerRequestSchema,
  securityAnswerResponseSchema,
  sentInfoSchema,
} from '@app/contracts/recovery';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import {
  activateAccount,
  answerSecurityQuestion,
  lookupUsername,
  sendActivationLink,
  sendTemporaryPassword,
  sendUsernameByChannel,
  startPasswordRecovery,
} from './recovery.service.ts';

const ONE_MINUTE = 60_000;

/** Credential recovery (spec 1 §2, §4, §7, §8). Paths are ours: decision 0008. */
export async function recoveryRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Issue 3: recovery is rate limited per client address (same allowance as the login routes).
  const perIp = app.rateLimit({
    max: context.env.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: ONE_MINUTE,
    keyGenerator: (r) => `recovery-ip:${normalizeIP(r.ip)}`,
  });
  const config = { access: access.public };

  routes.post(
    '/public/recovery/username/lookup',
    {
      config,
      onRequest: perIp,
      schema: { body: forgotUsernameLookupSchema, response: { 200: forgotUsernameLookupResponseSchema } },
    },
    async (request) => lookupUsername(context, request.body),
  );

  routes.post(
    '/public/recovery/username/send',
    {
      config,
      onRequest: perIp,
      schema: { body: recoveryChannelRequestSchema, response: { 200: sentInfoSchema } },
    },
    async (request) => sendUsernameByChannel(context, request.body.token, request.body.channel),
  );

  routes.post(
    '/public/recovery/password/start',
    {
      config,
      onRequest: perIp,
      schema: { body: forgotPasswordStartSchema, response: { 200: forgotPasswordStartResponseSchema } },
    },
    async (request) => startPasswordRecovery(context, request.body.username),
  );

  routes.post(
    '/public/recovery/password/answer',
    {
      config,
      onRequest: perIp,
      schema: { body: securityAnswerRequestSchema, response: { 200: securityAnswerResponseSchema } },
    },
    async (request) => answerSecurityQuestion(context, request.body.token, request.body.answer),
  );

  routes.post(
    '/public/recovery/password/send',
    {
      config,
      onRequest: perIp,
      schema: { body: recoveryChannelRequestSchema, response: { 200: sentInfoSchema } },
    },
    async (request) => sendTemporaryPassword(context, request.body.token, request.body.channel),
  );

  routes.post(
    '/public/recovery/activation/send',
    {
      config,
      onRequest: perIp,
      schema: { body: recoveryChannelRequestSchema, response: { 200: sentInfoSchema } },
    },
    async (request) => sendActivationLink(context, request.body.token, request.body.channel),
  );

  routes.post(
    '/public/recovery/activate',
    {
      config,
      onRequest: perIp,
      schema: { body: activateAccountSchema, response: { 200: activateAccountResponseSchema } },
    },
    async (request) => activateAccount(context, request.body.token),
  );
}
