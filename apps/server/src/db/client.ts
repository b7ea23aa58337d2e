import fs from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsDir } from '../paths.ts';
import { loadNodePostgres } from '../platform/lazy/node-postgres.ts';
import { loadPglite } from '../platform/lazy/pglite.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The query builder both drivers share; code outside this file never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (drizzle-orm's migrator; drizzle-kit's own fails on PGlite with btree_gist). */
  migrate(): Promise<void>;
  /** PGlite only: the data directory as a tar file, e.g. the tests' migrated template. */
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { url: string }
  /**
   * On disk. `template` gives a dumped migrated data directory (pglite-template.ts), loaded when the
   * directory holds no database yet instead of running initdb and every migration. A function, so the
   * 40 MB file is read only on that first start.
   */
  | { dataDir: string; template?: () => Promise<Blob | undefined> }
  /** In memory; `loadDataDir` starts from a dumped data directory instead of an empty cluster. */
  | { memory: true; loadDataDir?: Blob };

/**
 * PGlite's own start parameters plus a smaller buffer cache (decision 0072). PostgreSQL's default of
 * 128 MB lives inside the WASM heap, which never gives memory back: PGlite alone on the demo data,
 * after reading every table, held 318 MB with it and 186 MB with 16 MB. The demo clinic's database
 * is about 27 MB on disk, and the operating system's page cache still holds its files.
 */
const PGLITE_BUFFER_CACHE = ['-c', 'shared_buffers=16MB'];

/** A data directory that holds a database (PGlite checks the same file before loading a dump). */
async function holdsDatabase(dataDir: string): Promise<boolean> {
  try {
    await fs.access(`${dataDir}/PG_VERSION`);
    return true;
  } catch {
    return false;
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const { pg, drizzle: drizzlePg, migrate: migratePg } = await loadNodePostgres();
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client whose connection the server ends (restart, failover, a dropped test database)
    // makes the pool emit 'error'; without a listener that would crash the process. The pool drops
    // that client and opens a new one on the next query, so there is nothing else to do.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsDir }),
      dumpDataDir: () => Promise.reject(new Error('Only an embedded database dumps its data directory')),
      close: () => pool.end(),
    };
  }
  const { PGlite, btree_gist, drizzle: drizzlePglite, migrate: migratePglite } = await loadPglite();
  let dataDir: string | undefined;
  let loadDataDir = 'loadDataDir' in target ? target.loadDataDir : undefined;
  if ('dataDir' in target) {
    await fs.mkdir(target.dataDir, { recursive: true });
    dataDir = `${target.dataDir}/pglite`;
    if (target.template && !(await holdsDatabase(dataDir))) {
      loadDataDir = await target.template();
    }
  }
  const client = await PGlite.create(dataDir, {
    extensions: { btree_gist },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_BUFFER_CACHE],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
