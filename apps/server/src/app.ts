import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { registerAccessRules } from './platform/access.ts';
import { registerErrorHandling } from './platform/errors.ts';
import {
  logRedactPaths,
  PathOnlyLogController,
  serializeError,
  serializeRequest,
} from './platform/logging.ts';
import { registerAuditTrail } from './platform/audit/audit-hook.ts';
import { registerStaticWeb } from './platform/static-web.ts';
import { apiDocsRoutes } from './platform/api-docs/api-docs.routes.ts';
import { registerCompression } from './platform/compression.ts';
import { webDistDir } from './paths.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { realtimeRoutes } from './platform/realtime/realtime.routes.ts';
import websocket from '@fastify/websocket';
import { REALTIME_MAX_MESSAGE_BYTES } from '@app/contracts/realtime';
import { registerModules } from './modules/register-modules.ts';
import { createRoomSignaling } from './modules/video/room-signaling.ts';
import { browserExtensionOrigin, externalScriptOrigins } from './modules/clinics/app-config.service.ts';

export type App = FastifyInstance;

export interface BuildAppOptions {
  context: AppContext;
  logger?: boolean;
  /** Where logs go instead of stdout (tests read them to prove what never reaches a log). */
  logStream?: NodeJS.WritableStream;
  webDist?: string;
}

function zodCompilersOnly(): never {
  throw new Error('Routes are compiled by the zod compilers that buildApp sets');
}

export async function buildApp({ context, logger = true, logStream, webDist = webDistDir }: BuildAppOptions) {
  const { env } = context;
  const app = Fastify({
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    logger: logger
      ? {
          level: env.LOG_LEVEL,
          ...(logStream ? { stream: logStream } : {}),
          // No tokens, passwords or health data in logs (issue 19 item 4, decision 0058): no bodies, no
          // query strings, no auth headers, database errors without their query and parameters.
          serializers: { req: serializeRequest, err: serializeError },
          redact: { paths: logRedactPaths, censor: '[redacted]' },
        }
      : false,
    logController: new PathOnlyLogController(),
    // Every schema is a zod schema, compiled by the zod compilers set just below. Without factories of
    // its own, Fastify would load ajv and fast-json-stringify at start-up for nothing: about a sixth of
    // building the app (decision 0078). setValidatorCompiler/setSerializerCompiler replace these.
    schemaController: {
      compilersFactory: { buildValidator: zodCompilersOnly, buildSerializer: zodCompilersOnly },
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAccessRules(app, {
    db: context.db,
    signingKey: context.signingKey,
    production: env.NODE_ENV === 'production',
    now: context.now,
  });
  // Issue 19: one hook records reads and changes of patient data, logins and refusals.
  registerAuditTrail(app, context);

  // Decision 0016: the chat widget and product tour scripts load from their own origin, only when configured.
  const scriptOrigins = externalScriptOrigins(env);
  // Decision 0046: the browser extension (when configured in its app) may embed the portal.
  const extensionOrigin = browserExtensionOrigin(env);
  // The security headers are built once. (@fastify/helmet rebuilds helmet's middleware, CSP parsing
  // included, on every request: a few percent of each API call in bench/slot-search.ts.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the background blur compile its WebAssembly (issue 7); it allows no
        // JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...scriptOrigins],
        // Mantine writes its theme variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...scriptOrigins],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: extensionOrigin ? [extensionOrigin] : ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Camera and microphone are needed by video visits on our own origin only.
    crossOriginEmbedderPolicy: false,
    // frame-ancestors decides who may frame us; X-Frame-Options (SAMEORIGIN) would contradict it for
    // the extension in browsers that read only that header.
    ...(extensionOrigin ? { xFrameOptions: false } : {}),
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
  const allowedOrigins = env.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  // Closed by default: the SPA is served from our own origin and needs no CORS. The FHIR API is read by
  // apps in browsers on their own origins (SMART App Launch, decision 0084) with a bearer token and no
  // cookies, so it answers any origin, for reads only; a token is still needed for every patient read.
  const portalCors = { origin: allowedOrigins.length > 0 ? allowedOrigins : false };
  const fhirCors = {
    origin: '*',
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['authorization', 'accept', 'content-type'],
    exposedHeaders: ['www-authenticate', 'location'],
    maxAge: 600,
  };
  await app.register(cors, {
    delegator: (request, callback) => {
      callback(null, request.url.startsWith('/fhir/') ? fhirCors : portalCors);
    },
  });
  await registerCompression(app);
  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    ...(context.redis ? { redis: context.redis, nameSpace: 'care-portal-rl:' } : {}),
    errorResponseBuilder: (_request, details) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(details.ttl / 1000)} seconds.`,
      code: 'rate_limited',
    }),
  });

  await app.register(healthRoutes, { context });
  // On the root instance, so app.injectWS reaches the route in tests.
  await app.register(websocket, { options: { maxPayload: REALTIME_MAX_MESSAGE_BYTES } });
  // Video rooms (issue 7) ride on the realtime socket; the platform gets them handed in.
  await app.register(realtimeRoutes, { context, rooms: createRoomSignaling(context, app.log) });
  await registerModules(app, context);
  // Issue 21 item 5 (decision 0080): the API description, built on first request from every route above.
  await app.register(apiDocsRoutes);
  await registerStaticWeb(app, webDist);
  return app;
}
