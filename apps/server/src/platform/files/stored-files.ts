import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FILE_NOT_FOUND_TEXT, FILE_TAMPERED_TEXT } from '@app/contracts/files';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';
import type { AuthContext } from '../access.ts';
import { HttpError } from '../http-error.ts';
import { localFileStore, type FileStore } from './file-store.ts';

// Stored files (decision 0022): bytes in the file store under a random key, metadata and SHA-256 in
// stored_files. Reading checks who asks (patient = own, provider = the file's clinic, others 404) and
// that the bytes still hash to what was stored; a mismatch is refused, never served.

export type StoredFileRow = typeof storedFiles.$inferSelect;

export function fileStoreOf(context: AppContext): FileStore {
  return localFileStore(context.env.DATA_DIR);
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What storeFile needs: the file's bytes (already cleaned) and who and what it is for. */
export interface NewStoredFile {
  area: string;
  purpose: string;
  bytes: Buffer;
  contentType: string;
  extension: string;
  downloadName: string;
  ownerUserId: string;
  clinicId: string | null;
  uploadedByUserId: string;
}

/** A file whose bytes are in the store and whose row is not written yet (see putFileBytes). */
export interface PutFile {
  id: string;
  storageKey: string;
  input: NewStoredFile;
}

/**
 * Step one of storing a file: the bytes go to the file store under a new key, before and outside any
 * transaction (a slow write must not hold one open; decision 0064). Step two is insertStoredFile in
 * the change's transaction; if that transaction fails, removeFileBytes takes the bytes away again.
 */
export async function putFileBytes(context: AppContext, input: NewStoredFile): Promise<PutFile> {
  const id = randomUUID();
  const storageKey = `${input.area}/${randomUUID()}.${input.extension}`;
  await fileStoreOf(context).put(storageKey, input.bytes);
  return { id, storageKey, input };
}

/** Step two: the stored_files row of bytes put by putFileBytes, through `db` (the change's `tx`). */
export async function insertStoredFile(db: Db, file: PutFile, now: Date): Promise<StoredFileRow> {
  const { input } = file;
  const [row] = await db
    .insert(storedFiles)
    .values({
      id: file.id,
      storageKey: file.storageKey,
      purpose: input.purpose,
      contentType: input.contentType,
      downloadName: input.downloadName,
      sizeBytes: input.bytes.length,
      sha256: sha256Hex(input.bytes),
      ownerUserId: input.ownerUserId,
      clinicId: input.clinicId,
      uploadedByUserId: input.uploadedByUserId,
      createdAt: now,
    })
    .returning();
  if (!row) {
    throw new Error('stored file row not returned');
  }
  return row;
}

/** Takes away bytes put by putFileBytes whose row was not written (its transaction failed). */
export async function removeFileBytes(context: AppContext, file: PutFile): Promise<void> {
  await fileStoreOf(context).remove(file.storageKey);
}

/**
 * Stores a file: the bytes first (outside any transaction), then its row in a transaction of its own
 * (the request's change transaction, which carries its audit events). `write` adds the request's other
 * writes to the same transaction, after the row; the bytes are removed when the transaction fails.
 */
export async function storeFile<T = StoredFileRow>(
  context: AppContext,
  input: NewStoredFile,
  write?: (tx: Db, row: StoredFileRow) => Promise<T>,
): Promise<T> {
  const file = await putFileBytes(context, input);
  try {
    return await context.db.transaction(async (tx) => {
      const row = await insertStoredFile(tx, file, context.now());
      return write ? write(tx, row) : (row as T);
    });
  } catch (error) {
    await removeFileBytes(context, file);
    throw error;
  }
}

export async function findStoredFile(db: Db, fileId: string): Promise<StoredFileRow | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  return row ?? null;
}

/** Patient: their own files; provider: files of their clinics. Everyone else is told it does not exist. */
export function mayReadFile(auth: AuthContext, row: StoredFileRow): boolean {
  if (row.ownerUserId === auth.userId) {
    return true;
  }
  return auth.role === 'provider' && row.clinicId !== null && auth.clinicIds.includes(row.clinicId);
}

export class TamperedFileError extends HttpError {
  constructor(readonly fileId: string) {
    super(409, FILE_TAMPERED_TEXT, { code: 'file_tampered' });
  }
}

/** The bytes of a file after the access check and the hash check. */
export async function readFileChecked(
  context: AppContext,
  auth: AuthContext,
  fileId: string,
): Promise<{ row: StoredFileRow; bytes: Buffer }> {
  const row = await findStoredFile(context.db, fileId);
  if (!row || !mayReadFile(auth, row)) {
    throw new HttpError(404, FILE_NOT_FOUND_TEXT, { code: 'file_not_found' });
  }
  return { row, bytes: await readBytesChecked(context, row) };
}

/**
 * The bytes of a file whose reader was already checked (the portal's rule above, or the FHIR API's
 * compartment for a Binary, decision 0088): a 404 when the store lost them, a TamperedFileError when
 * they no longer hash to what was stored. The whole file is read to check its hash before any byte
 * leaves (uploads are at most UPLOAD_MAX_BYTES).
 */
export async function readBytesChecked(context: AppContext, row: StoredFileRow): Promise<Buffer> {
  const bytes = await fileStoreOf(context).get(row.storageKey);
  if (!bytes) {
    throw new HttpError(404, FILE_NOT_FOUND_TEXT, { code: 'file_not_found' });
  }
  const actual = Buffer.from(sha256Hex(bytes), 'hex');
  const expected = Buffer.from(row.sha256, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new TamperedFileError(row.id);
  }
  return bytes;
}
