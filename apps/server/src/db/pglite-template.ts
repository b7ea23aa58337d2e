import fs from 'node:fs/promises';
import path from 'node:path';
import { serverRoot } from '../paths.ts';
import { openDatabase } from './client.ts';

/**
 * A migrated, empty PGlite data directory made by the build (decision 0072). A first start on an empty
 * DATA_DIR loads it instead of running initdb (about 2 s on a quiet machine, 10–20 s on a busy one)
 * and every migration; the migrator then applies only migrations newer than the build, if any.
 */
export const pgliteTemplateFile = path.join(serverRoot, 'dist', 'pglite-template.tar');

/** The build's template, or undefined (running from source, or a build without one): then initdb runs. */
export async function readPgliteTemplate(file = pgliteTemplateFile): Promise<Blob | undefined> {
  try {
    return new Blob([await fs.readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw error;
  }
}

/** Migrates a new in-memory database and writes its data directory to `file` (run by the build). */
export async function writePgliteTemplate(file = pgliteTemplateFile): Promise<void> {
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    const dump = await database.dumpDataDir();
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}
