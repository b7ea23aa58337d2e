import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oauthErrorSchema } from '@app/contracts/errors';
import { clinicParamsSchema } from '@app/contracts/provider-workspace';
import {
  CONNECTED_APPS_PATH,
  SMART_AUTHORIZE_PATH,
  SMART_CONFIGURATION_PATH,
  SMART_JWKS_PATH,
  SMART_TOKEN_PATH,
  connectedAppListSchema,
  connectedAppParamsSchema,
  registeredAppListSchema,
  smartAppRegisteredSchema,
  smartAppRegistrationSchema,
  smartAuthorizeQuerySchema,
  smartConsentRequestSchema,
  smartDecisionResultSchema,
  smartDecisionSchema,
  smartRequestParamsSchema,
  smartTokenRequestSchema,
  smartTokenResponseSchema,
} from '@app/contracts/smart-apps';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import {
  authorize,
  decideConsent,
  disconnectApp,
  exchangeToken,
  fhirBaseUrl,
  listConnectedApps,
  listRegisteredApps,
  readConsentRequest,
  registerSmartApp,
} from './smart-apps.service.ts';
import { smartJwks } from './smart-id-token.ts';

const ONE_MINUTE = 60_000;

/** An app in a browser reads the configuration and calls the token endpoint from its own origin. */
function openToApps(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (e: null, p: unknown) => void,
) {
  void reply.header('access-control-allow-origin', '*');
  done(null, payload);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/** The page of a request that cannot go back to the app (unknown client or redirect URI). */
function refusalPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>App connection refused</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e"><main><h1>This app cannot connect</h1><p>${escapeHtml(message)}</p><p>Close this page and contact the app's maker.</p></main></body></html>`;
}

/** SMART App Launch (issue 21 item 3, decision 0082). */
export async function smartAppsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const perIp = app.rateLimit({
    max: context.env.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: ONE_MINUTE,
    keyGenerator: (r) => `smart-ip:${normalizeIP(r.ip)}`,
  });

  routes.get(
    SMART_CONFIGURATION_PATH,
    {
      config: { access: access.public },
      onSend: openToApps,
      schema: { response: { 200: z.looseObject({ issuer: z.string() }) } },
    },
    async (request) => {
      const fhirBase = fhirBaseUrl(context, request);
      const origin = fhirBase.slice(0, -'/fhir/R4'.length);
      return {
        issuer: fhirBase,
        jwks_uri: `${origin}${SMART_JWKS_PATH}`,
        authorization_endpoint: `${origin}${SMART_AUTHORIZE_PATH}`,
        token_endpoint: `${origin}${SMART_TOKEN_PATH}`,
        token_endpoint_auth_methods_supported: ['none'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: [
          'openid',
          'fhirUser',
          'launch/patient',
          'offline_access',
          'patient/*.rs',
          'user/*.rs',
        ],
        capabilities: [
          'launch-standalone',
          'client-public',
          'context-standalone-patient',
          'permission-offline',
          'permission-patient',
          'permission-user',
          'permission-v2',
          'sso-openid-connect',
        ],
      };
    },
  );

  routes.get(
    SMART_JWKS_PATH,
    {
      config: { access: access.public },
      onSend: openToApps,
      schema: { response: { 200: z.looseObject({ keys: z.array(z.looseObject({})) }) } },
    },
    async () => smartJwks(context),
  );

  routes.get(
    SMART_AUTHORIZE_PATH,
    {
      config: { access: access.public },
      onRequest: perIp,
      schema: { querystring: smartAuthorizeQuerySchema },
    },
    async (request, reply) => {
      const outcome = await authorize(context, request.query, fhirBaseUrl(context, request));
      if (outcome.kind === 'page') {
        return reply
          .status(400)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(refusalPage(outcome.message));
      }
      return reply.header('cache-control', 'no-store').redirect(outcome.url, 302);
    },
  );

  routes.post(
    SMART_TOKEN_PATH,
    {
      config: { access: access.public, errorShape: 'oauth' },
      onRequest: perIp,
      onSend: openToApps,
      schema: {
        body: smartTokenRequestSchema,
        response: { 200: smartTokenResponseSchema, 400: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      const tokens = await exchangeToken(context, request.body, fhirBaseUrl(context, request));
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
    },
  );

  routes.get(
    '/api/smart/requests/:requestId',
    {
      config: { access: access.authenticated },
      schema: { params: smartRequestParamsSchema, response: { 200: smartConsentRequestSchema } },
    },
    async (request) => readConsentRequest(context, requireAuth(request), request.params.requestId),
  );

  routes.post(
    '/api/smart/requests/:requestId/decision',
    {
      config: { access: access.authenticated },
      schema: {
        params: smartRequestParamsSchema,
        body: smartDecisionSchema,
        response: { 200: smartDecisionResultSchema },
      },
    },
    async (request) =>
      decideConsent(context, requireAuth(request), request.params.requestId, request.body.allow),
  );

  routes.get(
    CONNECTED_APPS_PATH,
    { config: { access: access.authenticated }, schema: { response: { 200: connectedAppListSchema } } },
    async (request) => listConnectedApps(context, requireAuth(request)),
  );

  routes.delete(
    `${CONNECTED_APPS_PATH}/:grantId`,
    {
      config: { access: access.authenticated },
      schema: { params: connectedAppParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await disconnectApp(context, requireAuth(request), request.params.grantId);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/provider/clinics/:clinicId/smart-apps',
    {
      config: { access: access.provider('SETTING') },
      schema: { params: clinicParamsSchema, response: { 200: registeredAppListSchema } },
    },
    async (request) => listRegisteredApps(context, request.params.clinicId),
  );

  if (context.env.NODE_ENV !== 'production') {
    routes.post(
      '/dev/fixtures/smart-apps',
      {
        config: { access: access.dev },
        schema: { body: smartAppRegistrationSchema, response: { 201: smartAppRegisteredSchema } },
      },
      async (request, reply) => reply.status(201).send(await registerSmartApp(context, request.body)),
    );
  }
}
