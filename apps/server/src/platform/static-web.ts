import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVICE_WORKER_URL } from '@app/contracts/installable-app';
import { access } from './access.ts';
import { loadFirstPageHtml } from './first-page-html.ts';
import { HttpError } from './http-error.ts';

/** Paths that belong to the API; anything else is a screen of the single-page app. */
const API_PREFIXES = ['/api/', '/public/', '/oauth/', '/dev/', '/ws', '/healthz', '/docs/'];

/**
 * The service worker and the push handlers it imports (decision 0038): never taken from a cache
 * without asking, so a new version reaches the browser's update check at once.
 */
const SERVICE_WORKER_SCRIPTS = new Set([SERVICE_WORKER_URL, '/push-service-worker.js']);

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html for every other path so the
 * client router decides (unknown screens go to /guest/landing there, spec 1 §2).
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const built = fs.existsSync(path.join(webDistDir, 'index.html'));
  if (built) {
    // preCompressed: the build writes file.br and file.gz beside each text file
    // (apps/web/build-plugins/precompress.ts); the browser gets the smallest it accepts.
    await app.register(fastifyStatic, { root: webDistDir, serve: false, preCompressed: true });
  }
  const firstPage = built ? loadFirstPageHtml(webDistDir) : null;
  app.get('/*', { config: { access: access.public } }, async (request, reply) => {
    if (isApiPath(request.url)) {
      throw new HttpError(404, 'Not found.', { code: 'not_found' });
    }
    if (!built || !firstPage) {
      throw new HttpError(404, 'The web app is not built. Run npm run build.', { code: 'not_built' });
    }
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const file = path.normalize(path.join(webDistDir, pathname));
    const insideDist = file.startsWith(webDistDir + path.sep);
    if (insideDist && pathname !== '/' && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      if (SERVICE_WORKER_SCRIPTS.has(pathname)) {
        return reply
          .header('cache-control', 'no-cache')
          .sendFile(path.relative(webDistDir, file), { cacheControl: false });
      }
      const immutable = pathname.startsWith('/assets/');
      return reply.sendFile(path.relative(webDistDir, file), {
        maxAge: immutable ? '365d' : 0,
        immutable,
      });
    }
    // The screen's page, with the links to its first files (decision 0068); compressed on the way out.
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(firstPage.pageFor(pathname));
  });
}
