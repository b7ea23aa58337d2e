import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir } from '../paths.ts';
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
  | { dataDir: string }
  /** In memory; `loadDataDir` starts from a dumped data directory instead of an empty cluster. */
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
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
  let dataDir: string | undefined;
  if ('dataDir' in target) {
    await fs.mkdir(target.dataDir, { recursive: true });
    dataDir = `${target.dataDir}/pglite`;
  }
  const loadDataDir = 'loadDataDir' in target ? target.loadDataDir : undefined;
  const client = await PGlite.create(dataDir, {
    extensions: { btree_gist },
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
