import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.ts';
import { registerStaticWeb } from './static-web.ts';

// How the built app is served (decision 0038 for the service worker's headers).
const SHELL = '<!doctype html><html><head><title>shell</title></head><body></body></html>';
const APP_SCRIPT = `export const greeting = ${JSON.stringify('Welcome back. '.repeat(300))};`;

describe('registerStaticWeb', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'care-portal-static-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), SHELL);
    await writeFile(path.join(dist, 'service-worker.js'), '// worker');
    await writeFile(path.join(dist, 'push-service-worker.js'), '// push');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
    // The build's compressed copies (apps/web/build-plugins/precompress.ts, issue 18).
    await writeFile(path.join(dist, 'assets', 'app-def456.js'), APP_SCRIPT);
    await writeFile(path.join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_SCRIPT));
    await writeFile(path.join(dist, 'assets', 'app-def456.js.gz'), gzipSync(APP_SCRIPT));
    // The build's list of first-screen files (decision 0068).
    await writeFile(
      path.join(dist, 'first-page-preloads.json'),
      JSON.stringify({
        routes: [
          { prefix: '/user/appointment', scripts: ['/assets/home-1.js'], styles: ['/assets/home-1.css'] },
          { prefix: '/user/', scripts: ['/assets/user-1.js'], styles: [] },
        ],
      }),
    );
    app = Fastify();
    await registerCompression(app);
    app.get('/api/list', async () => ({ items: Array.from({ length: 200 }, (_, index) => ({ index })) }));
    app.get('/api/small', async () => ({ ok: true }));
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

    // A precompressed file is sent as it is, not compressed a second time.
    const decoded = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(decoded.rawPayload.equals(brotliCompressSync(APP_SCRIPT))).toBe(true);
  });

  it("writes a screen's first files into its page, the longest prefix's, and revalidates it every time", async () => {
    const home = await app.inject({ method: 'GET', url: '/user/appointment?from=menu' });
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-1.js">',
    );
    expect(home.body).toContain(
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/home-1.css">',
    );
    expect(home.body).not.toContain('/assets/user-1.js');

    const other = await app.inject({ method: 'GET', url: '/user/vitals' });
    expect(other.body).toContain('href="/assets/user-1.js"');
    expect(other.body).not.toContain('home-1');

    // The shell the service worker keeps ('/') and the guest area carry no screen's files.
    for (const url of ['/', '/guest/login']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toBe(SHELL);
    }
  });

  it('compresses answers above 1 KiB that the browser accepts compressed, and leaves small ones', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/api/list',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers['vary']).toMatch(/accept-encoding/i);

    const gzipOnly = await app.inject({
      method: 'GET',
      url: '/api/list',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipOnly.rawPayload).toString('utf8'))).toMatchObject({
      items: { length: 200 },
    });

    const small = await app.inject({
      method: 'GET',
      url: '/api/small',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await app.inject({ method: 'GET', url: '/api/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
