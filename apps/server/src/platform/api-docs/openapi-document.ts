import Fastify, { type FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, oauthErrorSchema } from '@app/contracts/errors';
import { fieldSchema, variantSchema } from '@app/contracts/questionnaires';
import type { AccessRule, ProviderGate, RouteAccess } from '../access.ts';
import { loadFastifySwagger } from '../lazy/fastify-swagger.ts';
import { ROUTES_WITHOUT_SCHEMA } from './routes-without-schema.ts';

export const API_TITLE = 'Care portal API';
export const TOKEN_URL = '/oauth/v2/token';
/** The tag of the development helpers (present only when NODE_ENV is not production). */
export const DEVELOPMENT_TAG = 'development only';

export interface OpenApiDocumentOptions {
  /** The server's version (apps/server/package.json). */
  version: string;
}

/** The parts of the OpenAPI document this module reads and adds to; the rest passes through. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

export interface OpenApiOperation {
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  'x-access'?: unknown;
  [key: string]: unknown;
}

const ERROR_SHAPE_TEXT =
  'Every error answers `{ message, code?, errors?: [{ detail, field? }] }` (components.schemas.ApiError), ' +
  'except the token endpoint, which answers OAuth’s `{ error, error_description }`.';

/**
 * The rule of `config.access` in words, for the operation's description: who may call the route.
 * The same rule, as data, is the operation's `x-access`.
 */
export function describeAccess(rule: AccessRule): string {
  switch (rule.kind) {
    case 'public':
      return 'Public: no token needed.';
    case 'dev':
      return 'Development helper: not registered when NODE_ENV is production. No token needed.';
    case 'authenticated':
      return 'Any signed-in caller (patient or provider).';
    case 'patient':
      if (rule.ownSessionOnly) {
        return 'The patient themselves, in their own session (never a provider switched into it).';
      }
      return `The patient themselves${rule.switched ? `, or a provider switched into the patient’s session who ${gateText(rule.switched)} at one of the patient’s clinics` : ''}.`;
    case 'provider':
      return `A provider of the clinic who ${gateText(rule)}.`;
    case 'patient-or-provider':
      return `The patient themselves, or a provider of their clinic who ${gateText(rule)} there.`;
    case 'fhir':
      return 'The FHIR API resolves its caller itself: a patient, a provider holding PATIENT, or an app connected through SMART (decision 0081).';
  }
}

function gateText(gate: ProviderGate): string {
  const parts: string[] = [];
  if (gate.permissions && gate.permissions.length > 0) {
    parts.push(`holds ${gate.permissions.join(' and ')}`);
  }
  if (gate.anyOf && gate.anyOf.length > 0) {
    parts.push(`holds one of ${gate.anyOf.join(', ')}`);
  }
  if (gate.module) {
    parts.push(`has the ${gate.module} module on`);
  }
  return parts.length > 0 ? parts.join(' and ') : 'is a member';
}

/** The rule as data, without the refusal text (which is the answer's, not the rule's). */
function accessExtension(rule: AccessRule): Record<string, unknown> {
  return Object.fromEntries(Object.entries(rule).filter(([key]) => key !== 'deniedMessage'));
}

/** `appointmentLookupRoutes` -> `appointment lookup`: the domain plugin that registered the route. */
export function tagOf(route: RouteAccess): string {
  if (route.rule.kind === 'dev') {
    return DEVELOPMENT_TAG;
  }
  const plugin = route.plugin.split(' -> ').find((name) => name.endsWith('Routes'));
  if (!plugin) {
    return 'platform';
  }
  return plugin
    .replace(/Routes$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function routeSchema(route: RouteAccess): FastifySchema & Record<string, unknown> {
  const exemption = ROUTES_WITHOUT_SCHEMA[`${route.method} ${route.url}`];
  const open = route.rule.kind === 'public' || route.rule.kind === 'dev';
  return {
    ...route.schema,
    ...(exemption?.inApiDescription === false ? { hide: true } : {}),
    tags: [tagOf(route)],
    description: [exemption?.reason, describeAccess(route.rule)].filter(Boolean).join(' '),
    security: open ? [] : [{ bearerAuth: [] }],
    'x-access': accessExtension(route.rule),
  };
}

/**
 * Schemas named in components.schemas. The error shapes, so operations refer to them; and every
 * recursive schema (a questionnaire field holds variants that hold fields): zod writes the cycle as a
 * reference, and only a named schema gives that reference a component to point at. A new recursive
 * schema is added here; the validity test of the document fails on the dangling reference until then.
 */
function componentRegistry() {
  const registry = z.registry<{ id: string }>();
  registry.add(apiErrorSchema, { id: 'ApiError' });
  registry.add(oauthErrorSchema, { id: 'OAuthError' });
  registry.add(fieldSchema, { id: 'QuestionnaireField' });
  registry.add(variantSchema, { id: 'QuestionnaireVariant' });
  return registry;
}

function neverCompiled(): never {
  throw new Error('The API description compiles no schema');
}

const errorContent = (name: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${name}` } },
});

/**
 * The OpenAPI 3.1 description of every route the app registered (issue 21 item 5, decision 0080).
 * @fastify/swagger turns routes into operations and fastify-type-provider-zod's transform turns their
 * zod schemas into JSON Schema 2020-12. @fastify/swagger collects routes with an onRoute hook, so it
 * is given a throwaway Fastify instance that registers the recorded routes again, with no handler
 * and no compiled schema; the real app never loads it at start (issue 20).
 */
export async function buildOpenApiDocument(
  routes: readonly RouteAccess[],
  options: OpenApiDocumentOptions,
): Promise<OpenApiDocument> {
  const { default: fastifySwagger } = await loadFastifySwagger();
  const scratch = Fastify({
    logger: false,
    schemaController: { compilersFactory: { buildValidator: neverCompiled, buildSerializer: neverCompiled } },
  });
  scratch.setValidatorCompiler(() => () => true);
  scratch.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const documented = routes.filter((route) => route.method !== 'HEAD');
  const tags = [...new Set(documented.filter((route) => !routeSchema(route).hide).map(tagOf))].sort();
  const registry = componentRegistry();
  await scratch.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_TITLE,
        version: options.version,
        description:
          `The REST API of the care portal. Sign in at \`POST ${TOKEN_URL}\` and send the access token ` +
          'as `Authorization: Bearer <token>`. Each operation says who may call it (its description and ' +
          `\`x-access\`, the route’s declared access rule). ${ERROR_SHAPE_TEXT}`,
      },
      servers: [{ url: '/', description: 'This server' }],
      tags: tags.map((name) =>
        name === DEVELOPMENT_TAG
          ? { name, description: 'Helpers for development and tests; absent when NODE_ENV is production.' }
          : { name },
      ),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: `The access token answered by POST ${TOKEN_URL}.`,
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [], schemaRegistry: registry }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: registry }),
  });
  for (const route of documented) {
    scratch.route({ method: route.method, url: route.url, schema: routeSchema(route), handler: () => null });
  }
  await scratch.ready();
  const document = structuredClone(scratch.swagger()) as unknown as OpenApiDocument;
  await scratch.close();

  // Refusals of the access hook (401, 403), bad input (400) and the rest share one shape: each
  // operation's `default` answer says so, beside the answers its route declares.
  for (const [url, pathItem] of Object.entries(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      if (typeof operation !== 'object' || !('responses' in operation)) {
        continue;
      }
      operation.responses.default ??= {
        description: 'An error, in the one error shape.',
        content: errorContent(url === TOKEN_URL ? 'OAuthError' : 'ApiError'),
      };
    }
  }
  return document;
}
