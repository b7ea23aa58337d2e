import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Where file bytes live (ARCHITECTURE.md: the local DATA_DIR by default; an S3-compatible store is
// optional). Keys are ours: `<area>/<uuid>.<ext>`, checked against a strict pattern before any path is
// built, so no client text ever reaches the file system.

const STORAGE_KEY =
  /^[a-z][a-z0-9-]{0,40}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** Files under <dataDir>/files/<area>/<uuid>.<ext>. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  /** The absolute path of a key (tests use it to tamper with stored bytes). */
  pathOf(key: string): string {
    if (!isStorageKey(key)) {
      throw new Error(`not a storage key: ${key}`);
    }
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // 'wx': a key is written once; a collision would be a bug, not an overwrite.
    await writeFile(target, bytes, { flag: 'wx' });
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isStorageKey(key)) {
      return null;
    }
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    if (isStorageKey(key)) {
      await rm(this.pathOf(key), { force: true });
    }
  }
}

const stores = new Map<string, LocalFileStore>();

/** The store for a data dir (one per dir, so tests with temp dirs each get their own). */
export function localFileStore(dataDir: string): LocalFileStore {
  const root = path.join(dataDir, 'files');
  let store = stores.get(root);
  if (!store) {
    store = new LocalFileStore(root);
    stores.set(root, store);
  }
  return store;
}
