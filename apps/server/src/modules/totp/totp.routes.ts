import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { totpCodeSchema, totpEnrolmentSchema, totpStatusSchema } from '@app/contracts/totp';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment, totpEnabled } from './totp.service.ts';

const emptyBodySchema = z.object({}).strict().nullish();

/** The authenticator-app second factor in account settings (decision 0012). */
export async function totpRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/user/totp',
    { config: { access: access.authenticated }, schema: { response: { 200: totpStatusSchema } } },
    async (request) => ({ enabled: await totpEnabled(context, requireAuth(request).userId) }),
  );

  routes.post(
    '/api/user/totp/enrolment',
    {
      config: { access: access.authenticated },
      schema: { body: emptyBodySchema, response: { 200: totpEnrolmentSchema } },
    },
    async (request, reply) => {
      // The secret must not sit in a cache.
      void reply.header('cache-control', 'no-store');
      return startTotpEnrolment(context, requireAuth(request));
    },
  );

  routes.post(
    '/api/user/totp/confirm',
    {
      config: { access: access.authenticated },
      schema: { body: totpCodeSchema, response: { 200: totpStatusSchema } },
    },
    async (request) => {
      await confirmTotpEnrolment(context, requireAuth(request), request.body.code);
      return { enabled: true };
    },
  );

  routes.post(
    '/api/user/totp/disable',
    {
      config: { access: access.authenticated },
      schema: { body: totpCodeSchema, response: { 200: totpStatusSchema } },
    },
    async (request) => {
      await disableTotp(context, requireAuth(request), request.body.code);
      return { enabled: false };
    },
  );
}
