import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { singleLineText } from '@app/contracts/text';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { recordAuditEventsAlone, type AuditEvent } from '../../platform/audit/audit-recorder.ts';
import { binaryResource, readBinary, wantsFhirJson } from './fhir-binary.ts';
import { capabilityStatement } from './fhir-capability.ts';
import { resolveFhirCaller, type FhirCaller, type ReadSmartAccess } from './fhir-caller.ts';
import { FhirError, fhirErrors, operationOutcome } from './fhir-outcome.ts';
import { readResource, searchResources } from './fhir.service.ts';
import type { RawQuery } from './fhir-search.ts';
import { FHIR_JSON, type Bundle, type FhirResource, type OperationOutcome } from './fhir-types.ts';

export const FHIR_BASE_PATH = '/fhir/R4';

declare module 'fastify' {
  interface FastifyRequest {
    fhirCaller?: FhirCaller;
  }
}

// Strings as every route takes them: no control characters (decision 0059).
const typeParams = z.object({ type: singleLineText().max(64) });
const readParams = z.object({ type: singleLineText().max(64), id: singleLineText().max(128) });
const binaryParams = z.object({ id: singleLineText().max(128) });
const rawQuery = z.record(
  singleLineText().max(128),
  z.union([singleLineText().max(2048), z.array(singleLineText().max(2048)).max(20)]),
);

function baseUrlOf(context: AppContext, request: FastifyRequest): string {
  const origin = context.env.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  return `${origin}${FHIR_BASE_PATH}`;
}

function searchUrl(base: string, type: string, raw: RawQuery, offset: number | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) {
    if (name === '_offset' || value === undefined) {
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(name, item);
    }
  }
  if (offset !== null && offset > 0) {
    params.set('_offset', String(offset));
  }
  const text = params.toString();
  return `${base}/${type}${text ? `?${text}` : ''}`;
}

/**
 * `Prefer: handling=lenient` (FHIR R4 search §3.1.1.1, decision 0091): the one preference we act on.
 * Anything else, or no header, is strict.
 */
export function isLenient(prefer: string | string[] | undefined): boolean {
  const values = Array.isArray(prefer) ? prefer : prefer === undefined ? [] : [prefer];
  return values
    .flatMap((value) => value.split(/[,;]/))
    .some((item) => item.trim().toLowerCase().replace(/\s+/g, '') === 'handling=lenient');
}

/** The searchset's outcome entry (search.mode outcome): what lenient handling ignored, what was withheld. */
function searchOutcome(ignored: readonly string[], withheld: readonly string[]): OperationOutcome | null {
  const issue: OperationOutcome['issue'] = [
    ...(ignored.length > 0
      ? [
          {
            severity: 'warning' as const,
            code: 'not-supported',
            diagnostics: `Ignored (Prefer: handling=lenient): ${ignored.join(', ')}.`,
          },
        ]
      : []),
    ...(withheld.length > 0
      ? [
          {
            severity: 'information' as const,
            code: 'suppressed',
            diagnostics: `Not included: the granted scopes do not allow reading ${withheld.join(', ')}.`,
          },
        ]
      : []),
  ];
  return issue.length === 0 ? null : { resourceType: 'OperationOutcome', issue };
}

/** A searchset entry of a resource the server holds: its full URL, the resource, why it is there. */
function entryOf(base: string, resource: FhirResource, mode: 'match' | 'include') {
  return { fullUrl: `${base}/${resource.resourceType}/${resource.id ?? ''}`, resource, search: { mode } };
}

/** The caller the FHIR access hook resolved; a request without one is refused (401 OperationOutcome). */
function callerOf(request: FastifyRequest): FhirCaller {
  if (!request.fhirCaller) {
    throw fhirErrors.unauthenticated();
  }
  return request.fhirCaller;
}

function sendFhir(reply: FastifyReply, status: number, body: FhirResource) {
  return reply.status(status).type(`${FHIR_JSON}; charset=utf-8`).send(body);
}

/** Every read of patient data through FHIR, one event per patient the answer shows (decision 0081). */
async function auditRead(
  context: AppContext,
  request: FastifyRequest,
  caller: FhirCaller,
  resourceType: AuditEvent['resourceType'],
  resourceId: string,
  patientIds: readonly string[],
): Promise<void> {
  request.auditRecorded = true;
  if (patientIds.length === 0) {
    return;
  }
  // The app acting for the user is named in the event (the trail has no column of its own for it yet).
  const named = caller.app ? `${resourceId} via app ${caller.app.appId}` : resourceId;
  await recordAuditEventsAlone(
    context.db,
    patientIds.map((patientId) => ({
      actorUserId: caller.actorUserId,
      actingForUserId: caller.actingForUserId,
      patientId,
      resourceType,
      resourceId: named.slice(0, 500),
      action: 'read',
      outcome: 'success',
      requestId: request.id,
      clientAddress: request.ip,
    })),
    context.now(),
  );
}

export interface FhirRoutesOptions {
  context: AppContext;
  /** The SMART helper's app token reader (issue 21 item 3), wired at merge. */
  readSmartAccess?: ReadSmartAccess;
}

/**
 * The read-only FHIR R4 API (issue 21 item 1, decision 0081) under /fhir/R4: its own error shape
 * (OperationOutcome) and content type, and its own caller resolution (access kind `fhir`).
 */
export async function fhirRoutes(app: FastifyInstance, options: FhirRoutesOptions): Promise<void> {
  const { context } = options;
  const startedAt = context.now().toISOString();
  await app.register(
    async (fhir) => {
      fhir.addContentTypeParser(FHIR_JSON, { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, body.length === 0 ? undefined : JSON.parse(body as string));
        } catch {
          done(fhirErrors.badRequest('The body is not valid JSON.'));
        }
      });
      fhir.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        if (error instanceof FhirError) {
          if (error.statusCode === 401) {
            // RFC 6750 §3: a refused bearer says how to authenticate, and why a token was refused.
            void reply.header(
              'www-authenticate',
              error.bearerError ? `Bearer error="${error.bearerError}"` : 'Bearer',
            );
          }
          return sendFhir(reply, error.statusCode, operationOutcome(error.issueCode, error.message));
        }
        const status = error.statusCode ?? 500;
        if (status >= 400 && status < 500) {
          return sendFhir(reply, status, operationOutcome('invalid', 'The request is not valid.'));
        }
        request.log.error({ err: error }, 'unhandled FHIR error');
        return sendFhir(reply, 500, operationOutcome('exception', 'The server could not answer.'));
      });
      fhir.setNotFoundHandler((_request, reply) => {
        const notServed = fhirErrors.notServed();
        return sendFhir(reply, 404, operationOutcome(notServed.issueCode, notServed.message));
      });
      // Only a route of kind `fhir` needs a caller: /metadata is public.
      fhir.addHook('preHandler', async (request) => {
        if (
          request.routeOptions.config.access?.kind === 'fhir' &&
          (request.method === 'GET' || request.method === 'HEAD')
        ) {
          request.fhirCaller = await resolveFhirCaller(context, request, options);
        }
      });

      const routes = fhir.withTypeProvider<ZodTypeProvider>();
      routes.get('/metadata', { config: { access: access.public, audit: false } }, async (request, reply) =>
        sendFhir(
          reply,
          200,
          capabilityStatement(baseUrlOf(context, request), { name: 'Care portal', version: '1' }, startedAt),
        ),
      );

      routes.get(
        '/:type',
        {
          config: { access: access.fhir, audit: false },
          schema: { params: typeParams, querystring: rawQuery },
        },
        async (request, reply) => {
          const caller = callerOf(request);
          const { type } = request.params;
          const result = await searchResources(context, caller, type, request.query, {
            lenient: isLenient(request.headers.prefer),
          });
          // The links repeat what was applied (with _sort and _include), not what lenient handling ignored.
          const raw = result.query.applied;
          const base = baseUrlOf(context, request);
          const { count, offset } = result.query;
          const emptyPastEnd = result.resources.length === 0 && offset > 0;
          const links = [{ relation: 'self', url: searchUrl(base, type, raw, offset) }];
          if (count > 0 && offset + result.resources.length < result.total) {
            links.push({ relation: 'next', url: searchUrl(base, type, raw, offset + count) });
          }
          if (offset > 0) {
            links.push({
              relation: 'previous',
              url: searchUrl(base, type, raw, Math.max(0, offset - count)),
            });
          }
          const outcome = searchOutcome(result.query.ignored, result.withheld);
          const bundle: Bundle = {
            resourceType: 'Bundle',
            type: 'searchset',
            // Counted with the page; a page past the end counted nothing, so it gives no total.
            ...(emptyPastEnd ? {} : { total: result.total }),
            link: links,
            entry: [
              ...result.resources.map((resource) => entryOf(base, resource, 'match')),
              ...result.included.flatMap((page) =>
                page.resources.map((resource) => entryOf(base, resource, 'include')),
              ),
              // Not a stored resource: an urn names it (a Bundle entry needs a fullUrl, not a server id).
              ...(outcome
                ? [
                    {
                      fullUrl: `urn:uuid:${randomUUID()}`,
                      resource: outcome,
                      search: { mode: 'outcome' as const },
                    },
                  ]
                : []),
            ],
          };
          if (result.definition.audit) {
            await auditRead(
              context,
              request,
              caller,
              result.definition.audit,
              `${type}?search`,
              result.patientIds,
            );
          }
          // Included resources are reads like any other: audited under their own type.
          for (const page of result.included) {
            if (page.definition.audit) {
              await auditRead(
                context,
                request,
                caller,
                page.definition.audit,
                `${page.type}?_include from ${type}`,
                page.patientIds,
              );
            }
          }
          return sendFhir(reply, 200, bundle);
        },
      );

      // Binary (decision 0088): the file of a DocumentReference, to whoever may read that document.
      // A static path, so it is chosen before `/:type/:id` whatever the order of registration.
      routes.get(
        '/Binary/:id',
        { config: { access: access.fhir, audit: false }, schema: { params: binaryParams } },
        async (request, reply) => {
          const caller = callerOf(request);
          const { id } = request.params;
          const read = await readBinary(context, caller, id);
          await auditRead(context, request, caller, 'documents', `Binary/${id}`, [read.patientId]);
          void reply.header('cache-control', 'private, no-store').header('vary', 'accept');
          if (wantsFhirJson(request.headers.accept)) {
            return sendFhir(reply, 200, binaryResource(read));
          }
          // The file itself, as the portal's file route sends it (SMART apps expect the raw bytes).
          const disposition = read.row.contentType === 'application/pdf' ? 'attachment' : 'inline';
          return reply
            .status(200)
            .header('content-type', read.row.contentType)
            .header('x-content-type-options', 'nosniff')
            .header('content-disposition', `${disposition}; filename="${read.row.downloadName}"`)
            .send(read.bytes);
        },
      );
      routes.get(
        '/Binary',
        { config: { access: access.fhir, audit: false }, schema: { querystring: rawQuery } },
        async () => {
          throw fhirErrors.notSupported(
            'Binary is read by id only: follow a DocumentReference’s content.attachment.url.',
          );
        },
      );

      routes.get(
        '/:type/:id',
        { config: { access: access.fhir, audit: false }, schema: { params: readParams } },
        async (request, reply) => {
          const caller = callerOf(request);
          const { type, id } = request.params;
          const found = await readResource(context, caller, type, id);
          if (found.definition.audit) {
            await auditRead(
              context,
              request,
              caller,
              found.definition.audit,
              `${type}/${id}`,
              found.patientIds,
            );
          }
          return sendFhir(reply, 200, found.resource);
        },
      );

      // Any other GET under the base (a path too deep, or a segment longer than the router's 100
      // characters) is FHIR's 404, not the web app's catch-all page (decision 0088).
      routes.get('/*', { config: { access: access.fhir, audit: false } }, async () => {
        throw fhirErrors.notServed();
      });

      // Read-only (issue 21): every write interaction is refused with 405 and an OperationOutcome.
      routes.route({
        method: ['POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        config: { access: access.fhir, audit: false },
        handler: async (request) => {
          throw fhirErrors.readOnly(request.method);
        },
      });
    },
    { prefix: FHIR_BASE_PATH },
  );
}
