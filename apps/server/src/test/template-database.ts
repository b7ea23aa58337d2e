import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * One migrated database per test run, copied for every test app (docs/testing.md): migrating takes
 * seconds, copying a migrated database a fraction of one. On PGlite the template is a dump of a
 * migrated data directory, loaded into each in-memory instance; on a PostgreSQL server it is a
 * database every test database is created from with `CREATE DATABASE … TEMPLATE`.
 */
export type TestDatabaseTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

function serverUrlFor(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function runAsAdmin(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Builds the run's template (Vitest globalSetup) and returns it with the teardown that removes it. */
export async function createTemplate(
  serverUrl: string | undefined,
): Promise<{ template: TestDatabaseTemplate; remove: () => Promise<void> }> {
  if (serverUrl) {
    const name = `care_template_${randomBytes(6).toString('hex')}`;
    await runAsAdmin(serverUrl, `create database ${name}`);
    const database = await openDatabase({ url: serverUrlFor(serverUrl, name) });
    try {
      await database.migrate();
    } finally {
      // No connection may stay open on a template while databases are created from it.
      await database.close();
    }
    return {
      template: { kind: 'postgres', name },
      remove: () => runAsAdmin(serverUrl, `drop database if exists ${name} with (force)`),
    };
  }
  const database = await openDatabase({ memory: true });
  const folder = await mkdtemp(path.join(os.tmpdir(), 'care-test-template-'));
  const dumpFile = path.join(folder, 'pglite-migrated.tar');
  try {
    await database.migrate();
    const dump = await database.dumpDataDir();
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return {
    template: { kind: 'pglite', dumpFile },
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/** The PGlite dump read once per test file (a module of the file's own graph) and shared by its apps. */
let cachedDump: { file: string; blob: Promise<Blob> } | undefined;

function readDump(file: string): Promise<Blob> {
  if (cachedDump?.file !== file) {
    cachedDump = { file, blob: readFile(file).then((bytes) => new Blob([bytes])) };
  }
  return cachedDump.blob;
}

/** Creates (PostgreSQL) or loads (PGlite) a database that is a copy of the run's template. */
export async function openCopyOfTemplate(
  template: TestDatabaseTemplate,
  serverUrl: string | undefined,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (template.kind === 'pglite') {
    return {
      database: await openDatabase({ memory: true, loadDataDir: await readDump(template.dumpFile) }),
      drop: async () => {},
    };
  }
  if (!serverUrl) {
    throw new Error('A PostgreSQL template needs TEST_DATABASE_URL');
  }
  const name = `care_test_${randomBytes(6).toString('hex')}`;
  await createDatabaseFromTemplate(serverUrl, name, template.name);
  const database = await openDatabase({ url: serverUrlFor(serverUrl, name) });
  return {
    database,
    drop: () => runAsAdmin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * PostgreSQL refuses to copy a template while another session is connected to it ("source database
 * is being accessed by other users"); two workers creating their copies at the same instant can meet
 * that briefly, so the create is tried again a few times.
 */
async function createDatabaseFromTemplate(
  serverUrl: string,
  name: string,
  templateName: string,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runAsAdmin(serverUrl, `create database ${name} template ${templateName}`);
      return;
    } catch (error) {
      const busy = error instanceof Error && error.message.includes('is being accessed by other users');
      if (!busy || attempt >= 20) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
