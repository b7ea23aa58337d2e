import type * as Pg from 'pg';
import type * as DrizzlePg from 'drizzle-orm/node-postgres';
import type * as DrizzlePgMigrator from 'drizzle-orm/node-postgres/migrator';

// Imported only with DATABASE_URL (decision 0078): the embedded default (PGlite) never uses the pg
// driver or drizzle's node-postgres adapter, which together cost about 100 ms at start-up.
export interface NodePostgres {
  pg: typeof Pg.default;
  drizzle: typeof DrizzlePg.drizzle;
  migrate: typeof DrizzlePgMigrator.migrate;
}

let loading: Promise<NodePostgres> | undefined;

export function loadNodePostgres(): Promise<NodePostgres> {
  loading ??= Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]).then(([pg, drizzlePg, migrator]) => ({
    pg: pg.default,
    drizzle: drizzlePg.drizzle,
    migrate: migrator.migrate,
  }));
  return loading;
}
