import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticWeb } from './static-web.ts';

// How the built app is served (decision 0038 for the service worker's headers).
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
});
