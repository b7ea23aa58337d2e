import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  feedbackSsoQuerySchema,
  feedbackSsoResponseSchema,
  oauthCodeRequestSchema,
  oauthCodeResponseSchema,
} from '@app/contracts/sso';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { feedbackSsoUrl } from './feedback-sso.service.ts';
import { issueOAuthCode } from './oauth-code.service.ts';

/**
 * Single sign-on calls beside the token endpoint's sso and oauth_code grants (decision 0011): the
 * one-time auth code (spec 1 §7) and the feedback portal's sign-on URL.
 */
export async function ssoRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/oauth-code',
    {
      config: { access: access.authenticated },
      schema: { body: oauthCodeRequestSchema, response: { 200: oauthCodeResponseSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return issueOAuthCode(context, requireAuth(request), request.body.redirectUri);
    },
  );

  routes.get(
    '/api/feedback-sso',
    {
      config: { access: access.provider() },
      schema: { querystring: feedbackSsoQuerySchema, response: { 200: feedbackSsoResponseSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return feedbackSsoUrl(context, requireAuth(request), request.query.redirect);
    },
  );
}
