import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Uploaded files on the local disk under DATA_DIR/files/<area>/ (ARCHITECTURE.md: local DATA_DIR by
// default; an S3-compatible store can implement the same three functions). Names are ours (a UUID and
// an extension we chose), never the uploader's, so no path can be smuggled in.

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;

function fileDir(dataDir: string, area: string): string {
  return path.join(dataDir, 'files', area);
}

/** Stores bytes and answers the file id (uuid.ext). */
export async function saveFile(
  dataDir: string,
  area: string,
  bytes: Buffer,
  extension: string,
): Promise<string> {
  const id = `${randomUUID()}.${extension}`;
  if (!FILE_ID.test(id)) {
    throw new Error(`unsupported file extension ${extension}`);
  }
  await mkdir(fileDir(dataDir, area), { recursive: true });
  await writeFile(path.join(fileDir(dataDir, area), id), bytes, { flag: 'wx' });
  return id;
}

/** The bytes of a stored file; null for an id that is malformed or not there. */
export async function readStoredFile(dataDir: string, area: string, id: string): Promise<Buffer | null> {
  if (!FILE_ID.test(id)) {
    return null;
  }
  try {
    return await readFile(path.join(fileDir(dataDir, area), id));
  } catch {
    return null;
  }
}

export async function removeStoredFile(dataDir: string, area: string, id: string): Promise<void> {
  if (FILE_ID.test(id)) {
    await rm(path.join(fileDir(dataDir, area), id), { force: true });
  }
}
