import type * as Pglite from '@electric-sql/pglite';
import type * as BtreeGist from '@electric-sql/pglite/contrib/btree_gist';
import type * as DrizzlePglite from 'drizzle-orm/pglite';
import type * as DrizzlePgliteMigrator from 'drizzle-orm/pglite/migrator';

// Imported only without DATABASE_URL (decision 0078): a server on PostgreSQL never needs the embedded
// database or drizzle's PGlite adapter (the mirror of node-postgres.ts).
export interface EmbeddedPostgres {
  PGlite: typeof Pglite.PGlite;
  btree_gist: typeof BtreeGist.btree_gist;
  drizzle: typeof DrizzlePglite.drizzle;
  migrate: typeof DrizzlePgliteMigrator.migrate;
}

let loading: Promise<EmbeddedPostgres> | undefined;

export function loadPglite(): Promise<EmbeddedPostgres> {
  loading ??= Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]).then(([pglite, btreeGist, drizzlePglite, migrator]) => ({
    PGlite: pglite.PGlite,
    btree_gist: btreeGist.btree_gist,
    drizzle: drizzlePglite.drizzle,
    migrate: migrator.migrate,
  }));
  return loading;
}
