import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serverRoot } from '../../paths.ts';
import { access } from '../access.ts';
import { swaggerUiDistFolder } from '../lazy/swagger-ui-dist.ts';
import { API_DOCS_PAGE, API_DOCS_SCRIPT, API_DOCS_STYLE } from './api-docs-page.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

export const OPENAPI_URL = '/docs/openapi.json';

/** The viewer's files: Swagger UI's own build, and our page's script and style. */
const VIEWER_FILES = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', from: 'swagger-ui-dist' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', from: 'swagger-ui-dist' },
  'api-docs.js': { type: 'text/javascript; charset=utf-8', text: API_DOCS_SCRIPT },
  'api-docs.css': { type: 'text/css; charset=utf-8', text: API_DOCS_STYLE },
} as const;
const viewerFileSchema = z.enum(Object.keys(VIEWER_FILES) as [keyof typeof VIEWER_FILES]);

const openApiResponseSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

async function serverVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(serverRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/**
 * The API description (issue 21 item 5, decision 0080): OpenAPI 3.1 at /docs/openapi.json and Swagger
 * UI at /docs. Public: it describes the routes, holds no data, and says who may call each. Built on the
 * first request from `app.routeAccess` (every route Fastify registered), then kept: routes do not
 * change after start. Nothing here is loaded at start (issue 20).
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  // The answers are files and a prepared JSON text, sent as they are: the schemas below document and
  // check the input, and the zod serializer is not asked to rebuild these bodies.
  let documentJson: Promise<string> | undefined;
  const documentOnce = () => {
    documentJson ??= serverVersion()
      .then((version) => buildOpenApiDocument(app.routeAccess, { version }))
      .then((document) => JSON.stringify(document));
    // A failed build is tried again by the next request rather than kept.
    documentJson.catch(() => {
      documentJson = undefined;
    });
    return documentJson;
  };

  app.get(
    OPENAPI_URL,
    { config: { access: access.public }, schema: { hide: true, response: { 200: openApiResponseSchema } } },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/json; charset=utf-8')
        .send(await documentOnce()),
  );

  app.get(
    '/docs',
    { config: { access: access.public }, schema: { hide: true, response: { 200: z.string() } } },
    async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(API_DOCS_PAGE),
  );

  app.get<{ Params: { file: z.infer<typeof viewerFileSchema> } }>(
    '/docs/assets/:file',
    {
      config: { access: access.public },
      schema: { hide: true, params: z.object({ file: viewerFileSchema }), response: { 200: z.string() } },
    },
    async (request, reply) => {
      const file = VIEWER_FILES[request.params.file];
      void reply.header('cache-control', 'public, max-age=3600').type(file.type);
      if ('text' in file) {
        return reply.send(file.text);
      }
      return reply.send(createReadStream(path.join(swaggerUiDistFolder(), request.params.file)));
    },
  );
}
