import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrationsDir } from '../paths.ts';
import { openDatabase } from './client.ts';
import { readPgliteTemplate, writePgliteTemplate } from './pglite-template.ts';

// Decision 0072: the build writes a migrated empty database; a first start on an empty DATA_DIR loads
// it instead of running initdb and every migration, and a later start never reads it.
/** Both drivers answer raw SQL with `{ rows }`; the shared query builder's type does not say so. */
async function rowsOf<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}

describe('the PGlite template of the build', () => {
  let folder: string;
  let templateFile: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'care-pglite-template-'));
    templateFile = path.join(folder, 'pglite-template.tar');
    await writePgliteTemplate(templateFile);
  }, 120_000);

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('starts an empty data directory from the template, migrated, and later starts do not read it', async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const dataDir = path.join(folder, 'data');
    const template = vi.fn(() => readPgliteTemplate(templateFile));

    const first = await openDatabase({ dataDir, template });
    const applied = await rowsOf<{ count: number }>(
      first.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
    );
    expect(applied[0]?.count).toBe(journal.entries.length);
    // The bounded buffer cache (client.ts) applies to every PGlite the server opens.
    const buffers = await rowsOf<{ shared_buffers: string }>(first.db.execute(sql`show shared_buffers`));
    expect(buffers[0]?.shared_buffers).toBe('16MB');
    await first.db.execute(sql`create table start_probe (id int)`);
    await first.close();
    expect(template).toHaveBeenCalledTimes(1);

    const second = await openDatabase({ dataDir, template });
    const probe = await rowsOf(second.db.execute(sql`select count(*) from start_probe`));
    expect(probe).toHaveLength(1);
    await second.close();
    expect(template).toHaveBeenCalledTimes(1);
  });

  it('is absent when the server runs without a build', async () => {
    await expect(readPgliteTemplate(path.join(folder, 'missing.tar'))).resolves.toBeUndefined();
  });
});
