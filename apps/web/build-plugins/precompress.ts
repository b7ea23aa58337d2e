import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// Issue 18 figures (decision 0055): the built app's text files travel compressed. Lighthouse found the
// first page sending 358 KiB it could have saved with compression. Compressing once at build time
// (Brotli at its best level, and gzip for browsers without Brotli) costs nothing per request; the
// server sends `file.br` or `file.gz` when the browser accepts it (@fastify/static preCompressed,
// apps/server/src/platform/static-web.ts) and the file itself otherwise.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing (source maps are for developers' tools, not for the page). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, headers cost more than compression saves. */
export const MIN_COMPRESS_BYTES = 1024;

export function shouldCompress(fileName: string, size: number): boolean {
  return COMPRESSIBLE.test(fileName) && size >= MIN_COMPRESS_BYTES;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir`; returns how many. */
export async function precompressDirectory(dir: string): Promise<number> {
  let count = 0;
  for (const file of await filesUnder(dir)) {
    const content = await readFile(file);
    if (!shouldCompress(file, content.length)) {
      continue;
    }
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count += 1;
  }
  return count;
}

/** After the build has written every file (the service worker's too), compresses the output. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
