import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { Alias, Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { appServiceWorker } from './service-worker/service-worker-plugin.ts';
import { mantineComponentStyles } from './build-plugins/mantine-component-styles.ts';
import { tablerIconImports } from './build-plugins/tabler-icon-imports.ts';
import { precompress } from './build-plugins/precompress.ts';
import { firstPagePreloadsPlugin } from './build-plugins/first-page-preloads.ts';

const MEDIAPIPE_URL = '/mediapipe/selfie_segmentation/';

/** The model, wasm and loader files of @mediapipe/selfie_segmentation (not its typings or readme). */
function mediapipeFiles(): { dir: string; files: string[] } {
  const dir = dirname(createRequire(import.meta.url).resolve('@mediapipe/selfie_segmentation/package.json'));
  const files = readdirSync(dir).filter(
    (file) => !file.endsWith('.d.ts') && file !== 'README.md' && file !== 'package.json',
  );
  return { dir, files };
}

/**
 * Issue 7 background blur: the segmentation model and its wasm are served by us (no download from a
 * CDN at run time). Dev: served from node_modules; build: copied to dist/mediapipe/selfie_segmentation/.
 */
function selfieSegmentationAssets(): Plugin {
  return {
    name: 'selfie-segmentation-assets',
    configureServer(server) {
      const { dir, files } = mediapipeFiles();
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        const file = path.startsWith(MEDIAPIPE_URL) ? path.slice(MEDIAPIPE_URL.length) : '';
        if (!files.includes(file) || !existsSync(join(dir, file))) {
          next();
          return;
        }
        const type = file.endsWith('.wasm')
          ? 'application/wasm'
          : file.endsWith('.js')
            ? 'text/javascript'
            : 'application/octet-stream';
        response.setHeader('Content-Type', type);
        createReadStream(join(dir, file)).pipe(response);
      });
    },
    generateBundle() {
      const { dir, files } = mediapipeFiles();
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `mediapipe/selfie_segmentation/${file}`,
          source: readFileSync(join(dir, file)),
        });
      }
    },
  };
}

/**
 * React Router 7 points every export condition at its development build (its issue #12532), which
 * runs its development-only checks and warnings in production too: the built app takes the
 * production build it ships beside it (the files differ only in that switch).
 */
function reactRouterProductionBuild(): Alias[] {
  const packageDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const production = (file: string) => join(packageDir, 'dist', 'production', file);
  return [
    { find: /^react-router$/, replacement: production('index.mjs') },
    { find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [
    mantineComponentStyles(),
    tablerIconImports(),
    react(),
    selfieSegmentationAssets(),
    appServiceWorker(),
    firstPagePreloadsPlugin(),
    precompress(),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/lib/react/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
      ...(command === 'build' ? reactRouterProductionBuild() : []),
    ],
  },
  server: {
    port: 5173,
    // In development the API runs on its own port (npm run dev); the built app is served by the server.
    proxy: {
      '/api': 'http://localhost:3000',
      '/public': 'http://localhost:3000',
      '/oauth': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/manifest.webmanifest': 'http://localhost:3000',
      '/app-icons': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    sourcemap: true,
    // Every browser the app supports (ES2022) knows <link rel="modulepreload">; the polyfill would
    // only add weight to the first page (decision 0006).
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: {
      // Building a zod schema has no side effects, so a schema nobody uses can be dropped: importing a
      // constant from a contracts module then does not pull zod into the first page
      // (docs/decisions/0006-web-first-page-budget.md).
      // The contracts' text builders (decision 0059) only build schemas too.
      treeshake: { manualPureFunctions: ['z', 'singleLineText', 'multiLineText', 'singleLineUrl'] },
      // Chunks are named by their hash alone: the entry lists every chunk a lazy screen preloads, and
      // each chunk imports others by file name, so short names keep the first page within its budget
      // (decision 0056). Source maps still name the modules.
      output: {
        chunkFileNames: 'assets/[hash].js',
        // Each screen used to pull dozens of small shared chunks (and their stylesheets), one request
        // each: the patient home fetched 104 scripts and 28 stylesheets, in waves. Common chunks under
        // 64 KiB are copied into the chunks that use them instead (decisions 0062, 0065): the home now
        // needs about 25 scripts, the login page 8, for about the same bytes.
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 64 * 1024 } },
      },
      // Required by the inlining above; an app's entry exports nothing anyone imports.
      preserveEntrySignatures: false,
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
}));
