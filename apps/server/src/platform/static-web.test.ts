import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticWeb } from './static-web.ts';

// How the built app is served (decision 0038 for the service worker's headers).
const APP_SCRIPT = `export const greeting = ${JSON.stringify('Welcome back. '.repeat(300))};`;

describe('registerStaticWeb', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'care-portal-static-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    await writeFile(path.join(dist, 'service-worker.js'), '// worker');
    await writeFile(path.join(dist, 'push-service-worker.js'), '// push');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
    // The build's compressed copies (apps/web/build-plugins/precompress.ts, issue 18).
    await writeFile(path.join(dist, 'assets', 'app-def456.js'), APP_SCRIPT);
    await writeFile(path.join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_SCRIPT));
    await writeFile(path.join(dist, 'assets', 'app-def456.js.gz'), gzipSync(APP_SCRIPT));
    await writeFile(path.join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>shell</title>'));
    app = Fastify();
    await registerStaticWeb(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the service worker scripts as JavaScript that the browser always revalidates', async () => {
    for (const url of ['/service-worker.js', '/push-service-worker.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      // At the root, the default scope is already '/': no Service-Worker-Allowed header is needed.
      expect(response.headers['service-worker-allowed']).toBeUndefined();
    }
  });

  it('keeps hashed assets for a year and makes every screen revalidate index.html', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/user/appointment', '/guest/login?x=1']) {
      const screen = await app.inject({ method: 'GET', url });
      expect(screen.statusCode, url).toBe(200);
      expect(screen.headers['cache-control']).toBe('no-cache');
      expect(screen.body).toContain('<title>shell</title>');
    }
  });

  it('answers unknown API paths with 404, not the app', async () => {
    for (const url of ['/api/nothing', '/public/nothing', '/dev/nothing']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('sends the compressed copy the browser accepts, Brotli first, and the file itself otherwise', async () => {
    const url = '/assets/app-def456.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(APP_SCRIPT.length / 10);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_SCRIPT);

    // A screen's index.html too, still revalidated every time.
    const screen = await app.inject({
      method: 'GET',
      url: '/user/appointment',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(screen.headers['content-encoding']).toBe('gzip');
    expect(screen.headers['cache-control']).toBe('no-cache');
  });
});
