import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { DEVELOPMENT_TAG, TOKEN_URL, type OpenApiDocument } from './openapi-document.ts';
import { ROUTES_WITHOUT_SCHEMA } from './routes-without-schema.ts';

// Issue 21 item 5 (decision 0080): the OpenAPI 3.1 description at /docs/openapi.json, generated from the
// routes the app registered, and the viewer at /docs.

async function fetchDocument(t: TestApp): Promise<OpenApiDocument> {
  const response = await t.app.inject({ method: 'GET', url: '/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<OpenApiDocument>();
}

function everyOperation(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ url, method, operation })),
  );
}

describe('the API description in development', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await buildTestApp();
    document = await fetchDocument(t);
  });
  afterAll(() => t.close());

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
  });

  it('names the API, its version, a relative server and the bearer token from the token endpoint', async () => {
    const manifest = JSON.parse(await readFile(path.join(serverRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(document.info).toMatchObject({ title: 'Care portal API', version: manifest.version });
    expect(document.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
    });
    expect(JSON.stringify(document.components.securitySchemes)).toContain(TOKEN_URL);
  });

  it('has every registered route once per method, HEAD copies and non-API routes left out', () => {
    const expected = new Set(
      t.app.routeAccess
        .filter(
          (route) =>
            route.method !== 'HEAD' &&
            ROUTES_WITHOUT_SCHEMA[`${route.method} ${route.url}`]?.inApiDescription !== false,
        )
        .filter((route) => !route.url.startsWith('/docs'))
        .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = everyOperation(document).map(({ url, method }) => `${method.toUpperCase()} ${url}`);
    expect(new Set(documented)).toEqual(expected);
    expect(documented).toHaveLength(expected.size);
  });

  it('lists each tag that an operation has, and no other', () => {
    const used = new Set(everyOperation(document).flatMap(({ operation }) => operation.tags ?? []));
    expect(new Set(document.tags?.map((tag) => tag.name))).toEqual(used);
  });

  it('describes the token endpoint as public, with its body and OAuth error shape', () => {
    const token = document.paths[TOKEN_URL]?.post;
    expect(token?.security).toEqual([]);
    expect(token?.['x-access']).toEqual({ kind: 'public' });
    expect(token?.requestBody).toMatchObject({
      content: { 'application/json': { schema: expect.any(Object) } },
    });
    expect(token?.responses.default).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } },
    });
  });

  it('describes a patient route with its query, its 200 schema, the bearer token and who may call it', () => {
    const list = document.paths['/api/appointments']?.get;
    expect(list?.security).toEqual([{ bearerAuth: [] }]);
    expect(list?.['x-access']).toEqual({ kind: 'authenticated' });
    expect(list?.description).toContain('Any signed-in caller');
    expect(list?.tags).toEqual(['appointments']);
    expect(list?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query' })]));
    const ok = list?.responses['200'] as { content: { 'application/json': { schema: { type: string } } } };
    expect(ok.content['application/json'].schema.type).toBe('object');
    expect(list?.responses.default).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    });
    expect(document.components.schemas?.ApiError).toMatchObject({
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string' }, code: { type: 'string' }, errors: { type: 'array' } },
    });
  });

  it('names the permission a provider route needs', () => {
    const providerList = document.paths['/api/provider/clinics/{clinicId}/appointments']?.get;
    expect(providerList?.['x-access']).toMatchObject({ kind: 'provider' });
    expect(providerList?.description).toMatch(/^A provider of the clinic who /);
    expect(providerList?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'clinicId', required: true })]),
    );
  });

  it('tags the development helpers as such', () => {
    const outbox = document.paths['/dev/outbox']?.get;
    expect(outbox?.tags).toEqual([DEVELOPMENT_TAG]);
    expect(outbox?.security).toEqual([]);
    expect(document.tags).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: DEVELOPMENT_TAG })]),
    );
  });

  it('answers the same document again without building it twice', async () => {
    const again = await fetchDocument(t);
    expect(again).toEqual(document);
  });

  it('serves the viewer from our own origin under the portal’s Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<script src="/docs/assets/swagger-ui-bundle.js"></script>');
    expect(page.body).not.toMatch(/<script>|https?:\/\//);
    // The portal's policy, unchanged: scripts from our origin only, no inline script, no eval.
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self' 'wasm-unsafe-eval'");

    for (const [file, type] of [
      ['swagger-ui-bundle.js', /^text\/javascript/],
      ['swagger-ui.css', /^text\/css/],
      ['api-docs.js', /^text\/javascript/],
      ['api-docs.css', /^text\/css/],
    ] as const) {
      const asset = await t.app.inject({ method: 'GET', url: `/docs/assets/${file}` });
      expect(asset.statusCode, file).toBe(200);
      expect(asset.headers['content-type'], file).toMatch(type);
      expect(asset.body.length, file).toBeGreaterThan(0);
    }
    const script = await t.app.inject({ method: 'GET', url: '/docs/assets/api-docs.js' });
    expect(script.body).toContain("url: '/docs/openapi.json'");
  });

  it('refuses files that are not the viewer’s, and unknown /docs paths', async () => {
    const other = await t.app.inject({ method: 'GET', url: '/docs/assets/..%2F..%2Fpackage.json' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: expect.any(String) });
    const unknown = await t.app.inject({ method: 'GET', url: '/docs/nothing-here' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the API description in production', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    document = await fetchDocument(t);
  });
  afterAll(() => t.close());

  it('has no development route, and is valid OpenAPI 3.1', async () => {
    const urls = Object.keys(document.paths);
    expect(urls).toContain(TOKEN_URL);
    expect(urls.filter((url) => url.startsWith('/dev/'))).toEqual([]);
    expect(
      everyOperation(document).filter(({ operation }) => operation.tags?.includes(DEVELOPMENT_TAG)),
    ).toEqual([]);
    expect(document.tags?.map((tag) => tag.name)).not.toContain(DEVELOPMENT_TAG);
    const result = await new Validator().validate(structuredClone(document));
    expect(result.valid).toBe(true);
  });
});
