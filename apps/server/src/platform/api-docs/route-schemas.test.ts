import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { access, type RouteAccess } from '../access.ts';
import { routeSchemaProblems } from './route-schema-problems.ts';
import { ROUTES_WITHOUT_SCHEMA } from './routes-without-schema.ts';

// Issue 21 item 5 (decision 0080): the API description is generated from the routes' zod schemas, so a
// route without them would be described as answering nothing. This walks every route Fastify
// registered (app.routeAccess, as the route access matrix does), so a route added later is checked too.

/** POST routes that are actions on the record their URL names: they take no body at all. */
const ACTIONS_WITHOUT_BODY = [
  'POST /public/two-factor/:challengeId/resend',
  'POST /api/logout',
  'POST /api/provider/clinics/:clinicId/appointments/:appointmentId/check-in',
  'POST /api/provider/clinics/:clinicId/appointments/:appointmentId/reminder',
  'POST /api/provider/clinics/:clinicId/walk-ins/:walkInId/arrived',
  'POST /api/on-fly-tasks/:settingId/accessed',
  'POST /api/on-fly-tasks/:settingId/done',
  'POST /api/provider/clinics/:clinicId/messages/threads/:threadId/read',
  'POST /api/messages/threads/:threadId/read',
  'POST /api/provider/clinics/:clinicId/patients/:patientId/time-entries',
  'POST /api/provider/clinics/:clinicId/master-password/refresh',
  'POST /api/provider/clinics/:clinicId/follow-ups/:alertId/seen',
  'POST /api/provider/clinics/:clinicId/video-call/:appointmentId/invitations',
  'POST /api/provider/clinics/:clinicId/invitations/:code/revoke',
  'POST /api/provider/clinics/:clinicId/voice-calls/:callId/end',
];
/** Uploads: a multipart/form-data body of one file, read by @fastify/multipart, not a JSON body. */
const MULTIPART_UPLOADS = [
  'POST /api/user/image',
  'POST /api/insurance/card-images',
  'POST /api/appointments/:id/attachments',
];
const withoutJsonBody = new Set([...ACTIONS_WITHOUT_BODY, ...MULTIPART_UPLOADS]);

describe('every route declares the schemas its API description is made of', () => {
  let t: TestApp;
  let routes: RouteAccess[];

  beforeAll(async () => {
    t = await buildTestApp();
    routes = t.app.routeAccess;
  });
  afterAll(() => t.close());

  it('has a response schema for its success status, params and body schemas, all zod', () => {
    expect(routes.length).toBeGreaterThan(200);
    expect(routes.flatMap((route) => routeSchemaProblems(route, { withoutJsonBody }))).toEqual([]);
  });

  it('lists no exemption for a route that does not exist', () => {
    const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const exempted = [...Object.keys(ROUTES_WITHOUT_SCHEMA), ...withoutJsonBody];
    expect(exempted.filter((name) => !registered.has(name))).toEqual([]);
  });
});

describe('the schema check itself', () => {
  const none = { withoutJsonBody: new Set<string>() };
  const route = (method: string, url: string, schema?: Record<string, unknown>): RouteAccess => ({
    method,
    url,
    rule: access.public,
    plugin: 'exampleRoutes',
    ...(schema ? { schema } : {}),
  });

  it('names a route without a response schema, or with only error answers', () => {
    expect(routeSchemaProblems(route('GET', '/api/things'), none)).toEqual([
      'GET /api/things: no response schema for a success (2xx) status',
    ]);
    expect(
      routeSchemaProblems(route('GET', '/api/things', { response: { 404: z.object({}) } }), none),
    ).toEqual(['GET /api/things: no response schema for a success (2xx) status']);
  });

  it('names missing params and body schemas, and schemas that are not zod', () => {
    const ok = { 200: z.object({}) };
    expect(routeSchemaProblems(route('GET', '/api/things/:thingId', { response: ok }), none)).toEqual([
      'GET /api/things/:thingId: no zod object schema for its URL parameters (thingId)',
    ]);
    expect(
      routeSchemaProblems(
        route('GET', '/api/things/:thingId/:partId', {
          params: z.object({ thingId: z.string() }),
          response: ok,
        }),
        none,
      ),
    ).toEqual(['GET /api/things/:thingId/:partId: its params schema does not name partId']);
    expect(routeSchemaProblems(route('POST', '/api/things', { response: ok }), none)).toEqual([
      'POST /api/things: no zod body schema (or list it among the routes without a JSON body)',
    ]);
    expect(
      routeSchemaProblems(route('POST', '/api/things', { response: ok }), {
        withoutJsonBody: new Set(['POST /api/things']),
      }),
    ).toEqual([]);
    expect(
      routeSchemaProblems(route('PUT', '/api/things', { body: { type: 'object' }, response: ok }), none),
    ).toEqual(['PUT /api/things: the body schema is not a zod schema']);
  });

  it('accepts a complete route, HEAD copies and the named exemptions', () => {
    expect(
      routeSchemaProblems(
        route('PATCH', '/api/things/:thingId', {
          params: z.object({ thingId: z.uuid() }),
          body: z.object({ name: z.string() }),
          response: { 204: z.undefined(), 400: z.object({ message: z.string() }) },
        }),
        none,
      ),
    ).toEqual([]);
    expect(routeSchemaProblems(route('HEAD', '/api/things'), none)).toEqual([]);
    expect(routeSchemaProblems(route('GET', '/ws'), none)).toEqual([]);
  });
});
