import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CODE_SENT_TEXT,
  challengeParamsSchema,
  currentUserSchema,
  messageResponseSchema,
  phoneVerificationSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  twoFactorRequiredSchema,
} from '@app/contracts/auth';
import { oauthErrorSchema } from '@app/contracts/errors';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { currentUser, handleTokenRequest, logout } from './auth.service.ts';
import { resendTwoFactorCode, verifyPhoneForChallenge } from './two-factor.service.ts';

const ONE_MINUTE = 60_000;

/**
 * Who an auth request is about, for the per-account limit: the username, or the login attempt (the
 * challenge of a two-factor login). Null when a request names no account (the refresh grant: its
 * token is a 256-bit secret that cannot be guessed), which the per-address limit alone covers.
 * Runs after body validation, so the key is always short.
 */
function accountKey(request: FastifyRequest): string | null {
  const body = request.body as { username?: unknown; challenge_id?: unknown } | undefined;
  const params = request.params as { challengeId?: unknown } | undefined;
  if (typeof body?.username === 'string') {
    return `account:${body.username.trim().toLowerCase()}`;
  }
  if (typeof body?.challenge_id === 'string') {
    return `challenge:${body.challenge_id.toLowerCase()}`;
  }
  if (typeof params?.challengeId === 'string') {
    return `challenge:${params.challengeId.toLowerCase()}`;
  }
  return null;
}

export async function authRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limits = context.env;
  // Two limits on every auth route: per client address (onRequest, before any work) and per account
  // (preHandler, once the body names the account). Counters live in Redis when REDIS_URL is set.
  const perIp = app.rateLimit({
    max: limits.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: ONE_MINUTE,
    // One IPv6 /64 counts as one address (as the plugin's default key does): else each of its
    // addresses would get an allowance of its own.
    keyGenerator: (r) => `auth-ip:${normalizeIP(r.ip)}`,
  });
  // The plugin's own hook runs once per request, so the second (per-account) limit is checked here.
  // Its keys never look like the per-address ones: with Redis both limiters share one key space.
  const accountLimit = app.createRateLimit({
    max: limits.AUTH_RATE_LIMIT_PER_ACCOUNT,
    timeWindow: ONE_MINUTE,
    keyGenerator: (r) => `auth-${accountKey(r) ?? 'none'}`,
  });
  const perAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    if (accountKey(request) === null) {
      return;
    }
    const result = await accountLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      void reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, `Too many requests. Please try again in ${result.ttlInSeconds} seconds.`, {
        code: 'rate_limited',
      });
    }
  };

  routes.post(
    '/oauth/v2/token',
    {
      config: { access: access.public, errorShape: 'oauth' },
      onRequest: perIp,
      preHandler: perAccount,
      schema: {
        body: tokenRequestSchema,
        response: {
          200: tokenResponseSchema,
          // A second factor is due, or (clinic_user grant, spec 2 §4) the provider's token is not valid.
          401: z.union([twoFactorRequiredSchema, oauthErrorSchema]),
          400: oauthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await handleTokenRequest(context, request.body, request);
      // Tokens must never be cached by the browser or a proxy (RFC 6749 §5.1).
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (outcome.kind === 'two-factor') {
        return reply.status(401).send(outcome.body);
      }
      return reply.status(200).send(outcome.body);
    },
  );

  routes.post(
    '/public/two-factor/:challengeId/resend',
    {
      config: { access: access.public },
      onRequest: perIp,
      preHandler: perAccount,
      schema: { params: challengeParamsSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await resendTwoFactorCode(context, request.params.challengeId);
      return { message: CODE_SENT_TEXT };
    },
  );

  routes.post(
    '/public/two-factor/:challengeId/phone',
    {
      config: { access: access.public },
      onRequest: perIp,
      preHandler: perAccount,
      schema: {
        params: challengeParamsSchema,
        body: phoneVerificationSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await verifyPhoneForChallenge(context, request.params.challengeId, request.body.phone);
      return { message: CODE_SENT_TEXT };
    },
  );

  routes.post(
    '/api/logout',
    { config: { access: access.authenticated }, schema: { response: { 200: messageResponseSchema } } },
    async (request) => {
      await logout(context, requireAuth(request));
      return { message: 'You have been logged out.' };
    },
  );

  routes.get(
    '/api/me',
    { config: { access: access.authenticated }, schema: { response: { 200: currentUserSchema } } },
    async (request) => currentUser(context, requireAuth(request)),
  );
}
