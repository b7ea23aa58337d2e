import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// Builds the app's service worker (docs/decisions/0038-installable-app.md) from service-worker.js: the
// build writes in the files of the app shell and a version made from them, so every build that
// changes the shell is a new worker with a new cache.

export const SERVICE_WORKER_FILE = 'service-worker.js';
const PLACEHOLDER = '/*__APP_SHELL_BUILD__*/ null';
/** The Spanish catalogue, loaded at start by whoever chose Spanish: the offline start needs it too. */
const START_MODULES = ['/src/lib/i18n/es.ts'];

export interface ShellBuild {
  version: string;
  /** URL paths: '/' (the shell, index.html) and the hashed files the first page loads at start. */
  shell: string[];
}

/** The parts of Rolldown's output this plugin reads (kept small so tests can build one by hand). */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}
export interface BundleAsset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
export type BundleEntry = BundleChunk | BundleAsset;

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
  const chunks = Object.values(bundle).filter((entry): entry is BundleChunk => entry.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'));
  const html = bundle['index.html'];
  if (!entry || html?.type !== 'asset') {
    throw new Error('The build has no index.html entry: the service worker cannot list the app shell.');
  }
  const files = new Set<string>();
  const visit = (chunk: BundleChunk) => {
    if (files.has(chunk.fileName)) {
      return;
    }
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      files.add(css);
    }
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) {
        visit(imported);
      }
    }
  };
  visit(entry);
  for (const module of START_MODULES) {
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
    if (chunk) {
      visit(chunk);
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
