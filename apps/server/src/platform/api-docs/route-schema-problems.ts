import { z } from 'zod';
import type { RouteAccess } from '../access.ts';
import { ROUTES_WITHOUT_SCHEMA } from './routes-without-schema.ts';

export interface RouteSchemaRules {
  /** `METHOD url` of the POST/PUT/PATCH routes that take no JSON body (actions, multipart uploads). */
  withoutJsonBody: ReadonlySet<string>;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

function isZod(schema: unknown): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/**
 * What a route's declared schemas lack for the API description (issue 21 item 5, decision 0080): a zod
 * response schema for a success status, a params schema naming every URL parameter, a body schema for
 * a POST/PUT/PATCH that takes one. Empty when nothing is missing. Fastify's automatic HEAD copies and
 * the routes of ROUTES_WITHOUT_SCHEMA are not checked.
 */
export function routeSchemaProblems(route: RouteAccess, rules: RouteSchemaRules): string[] {
  const name = `${route.method} ${route.url}`;
  if (route.method === 'HEAD' || name in ROUTES_WITHOUT_SCHEMA) {
    return [];
  }
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const problems: string[] = [];

  const response = (schema.response ?? {}) as Record<string, unknown>;
  const success = Object.entries(response).filter(([status]) => /^2(\d\d|XX)$/.test(status));
  if (success.length === 0) {
    problems.push(`${name}: no response schema for a success (2xx) status`);
  }
  for (const [status, statusSchema] of Object.entries(response)) {
    if (!isZod(statusSchema)) {
      problems.push(`${name}: the ${status} response schema is not a zod schema`);
    }
  }

  const urlParams = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  if (urlParams.length > 0) {
    const params = schema.params;
    if (!(params instanceof z.ZodObject)) {
      problems.push(`${name}: no zod object schema for its URL parameters (${urlParams.join(', ')})`);
    } else {
      const missing = urlParams.filter((param) => !(param in params.shape));
      if (missing.length > 0) {
        problems.push(`${name}: its params schema does not name ${missing.join(', ')}`);
      }
    }
  }

  if (METHODS_WITH_BODY.has(route.method) && !rules.withoutJsonBody.has(name) && schema.body === undefined) {
    problems.push(`${name}: no zod body schema (or list it among the routes without a JSON body)`);
  }
  for (const part of ['querystring', 'headers', 'body', 'params'] as const) {
    if (schema[part] !== undefined && !isZod(schema[part])) {
      problems.push(`${name}: the ${part} schema is not a zod schema`);
    }
  }
  return problems;
}
