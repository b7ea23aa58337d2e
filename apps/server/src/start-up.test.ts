import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Decisions 0072, 0078 and 0080: libraries that only some requests (or only the other database) need are
// imported when first used, through platform/lazy/, so a start on PGlite does not pay for them. A child
// process starts the app on a data directory a first start has made (the first start may generate the
// Web Push keys), with every import recorded; the list must hold the packages a start does use (so the
// recording works) and none of platform/lazy/lazy-packages.json but the PGlite driver it runs on.
const here = path.dirname(fileURLToPath(import.meta.url));

describe('the start of the server', () => {
  it('imports no library that only some requests or the other database use', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'care-start-imports-'));
    const record = path.join(folder, 'imports.txt');
    try {
      const startOnce = (extraEnv: Record<string, string>, recorder: string[]) =>
        promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', ...recorder, path.join(here, 'test/start-app-once.ts')],
          {
            env: {
              ...process.env,
              START_DATA_DIR: path.join(folder, 'data'),
              DATABASE_URL: '',
              REDIS_URL: '',
              ...extraEnv,
            },
          },
        );
      await startOnce({}, []);
      await startOnce({ RECORD_IMPORTS_TO: record }, [
        '--import',
        path.join(here, 'test/record-imports.mjs'),
      ]);
      const imported = new Set((await readFile(record, 'utf8')).split('\n').filter(Boolean));
      expect([...imported]).toEqual(expect.arrayContaining(['fastify', '@electric-sql/pglite', 'zod']));
      const lazy = JSON.parse(
        await readFile(path.join(here, 'platform/lazy/lazy-packages.json'), 'utf8'),
      ) as { packages: string[]; usedAtStartOnPGlite: string[] };
      const notAtStart = lazy.packages.filter((name) => !lazy.usedAtStartOnPGlite.includes(name));
      expect(notAtStart).toContain('pdf-lib');
      const importedAtStart = (name: string) =>
        [...imported].some((specifier) => specifier === name || specifier.startsWith(`${name}/`));
      expect(notAtStart.filter(importedAtStart)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
