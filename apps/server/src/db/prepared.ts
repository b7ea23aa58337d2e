import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Queries that run on (nearly) every request are prepared once per database handle: named statements
 * are planned once per PostgreSQL connection, and drizzle does not rebuild the SQL each time (building
 * it cost more CPU than running it, bench/slot-search.ts). A transaction handle gets its own, so they
 * run inside it. Values are passed as placeholders (`placeholder('name')`) at execute().
 */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: () => T): T {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}

export const placeholder = (name: string) => sql.placeholder(name);
