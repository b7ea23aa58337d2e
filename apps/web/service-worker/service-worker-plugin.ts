import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import {
  chunkOfModule,
  chunksOf,
  entryChunk,
  staticClosure,
  type BundleEntry,
} from '../build-plugins/bundle-closure.ts';

export type { BundleAsset, BundleChunk, BundleEntry } from '../build-plugins/bundle-closure.ts';

// Builds the app's service worker (docs/decisions/0038-installable-app.md) from service-worker.js: the
// build writes in the files of the app shell and a version made from them, so every build that
// changes the shell is a new worker with a new cache.

export const SERVICE_WORKER_FILE = 'service-worker.js';
const PLACEHOLDER = '/*__APP_SHELL_BUILD__*/ null';
/**
 * Loaded at start without being the entry's static imports: the app's start (main.tsx imports it
 * after the first paint, decision 0068) and the Spanish catalogue for whoever chose Spanish. The
 * offline start needs them too.
 */
const START_MODULES = ['/src/app/start-app.tsx', '/src/lib/i18n/es.ts'];

export interface ShellBuild {
  version: string;
  /** URL paths: '/' (the shell, index.html) and the hashed files the first page loads at start. */
  shell: string[];
}

function readTemplate(): string {
  return readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'service-worker.js'), 'utf8');
}

/** The worker's source with the build written in (null: the dev server's push-only worker). */
export function serviceWorkerSource(build: ShellBuild | null, template = readTemplate()): string {
  if (!template.includes(PLACEHOLDER)) {
    throw new Error(`service-worker.js has lost its placeholder ${PLACEHOLDER}`);
  }
  return template.replace(PLACEHOLDER, JSON.stringify(build));
}

/**
 * The app shell: index.html and what the first page loads before it can show anything — the entry
 * chunk, its static imports and their CSS (as Vite's build manifest would list them), plus the chunks
 * of START_MODULES. Route screens are not in it: they load from the network when opened.
 */
export function shellOfBundle(bundle: Record<string, BundleEntry>, template = readTemplate()): ShellBuild {
  const chunks = chunksOf(bundle);
  const entry = entryChunk(bundle);
  const html = bundle['index.html'];
  if (!entry || html?.type !== 'asset') {
    throw new Error('The build has no index.html entry: the service worker cannot list the app shell.');
  }
  const known = new Set<string>();
  const files = new Set<string>();
  const add = ({ scripts, styles }: { scripts: string[]; styles: string[] }) => {
    for (const file of [...scripts, ...styles]) {
      files.add(file);
    }
  };
  add(staticClosure(chunks, entry, known));
  for (const module of START_MODULES) {
    const chunk = chunkOfModule(chunks, module);
    if (chunk) {
      add(staticClosure(chunks, chunk, known));
    }
  }
  const shell = ['/', ...[...files].sort().map((file) => `/${file}`)];
  const version = createHash('sha256')
    .update(template)
    .update(JSON.stringify(shell))
    .update(typeof html.source === 'string' ? html.source : Buffer.from(html.source))
    .digest('hex')
    .slice(0, 16);
  return { version, shell };
}

/** Emits dist/service-worker.js; the dev server answers /service-worker.js with the push-only worker. */
export function appServiceWorker(): Plugin {
  return {
    name: 'app-service-worker',
    enforce: 'post',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== `/${SERVICE_WORKER_FILE}`) {
          next();
          return;
        }
        response.setHeader('Content-Type', 'text/javascript');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(serviceWorkerSource(null));
      });
    },
    generateBundle(_options, bundle) {
      const template = readTemplate();
      const build = shellOfBundle(bundle, template);
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER_FILE,
        source: serviceWorkerSource(build, template),
      });
    },
  };
}
