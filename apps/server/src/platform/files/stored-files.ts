import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FILE_NOT_FOUND_TEXT, FILE_TAMPERED_TEXT } from '@app/contracts/files';
import type { AppContext } from '../../app-context.ts';
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

export async function storeFile(
  context: AppContext,
  input: {
    area: string;
    purpose: string;
    bytes: Buffer;
    contentType: string;
    extension: string;
    downloadName: string;
    ownerUserId: string;
    clinicId: string | null;
    uploadedByUserId: string;
  },
): Promise<StoredFileRow> {
  const id = randomUUID();
  const storageKey = `${input.area}/${randomUUID()}.${input.extension}`;
  await fileStoreOf(context).put(storageKey, input.bytes);
  const [row] = await context.db
    .insert(storedFiles)
    .values({
      id,
      storageKey,
      purpose: input.purpose,
      contentType: input.contentType,
      downloadName: input.downloadName,
      sizeBytes: input.bytes.length,
      sha256: sha256Hex(input.bytes),
      ownerUserId: input.ownerUserId,
      clinicId: input.clinicId,
      uploadedByUserId: input.uploadedByUserId,
      createdAt: context.now(),
    })
    .returning();
  if (!row) {
    throw new Error('stored file row not returned');
  }
  return row;
}

export async function findStoredFile(context: AppContext, fileId: string): Promise<StoredFileRow | null> {
  const [row] = await context.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
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
  const row = await findStoredFile(context, fileId);
  if (!row || !mayReadFile(auth, row)) {
    throw new HttpError(404, FILE_NOT_FOUND_TEXT, { code: 'file_not_found' });
  }
  const bytes = await fileStoreOf(context).get(row.storageKey);
  if (!bytes) {
    throw new HttpError(404, FILE_NOT_FOUND_TEXT, { code: 'file_not_found' });
  }
  const actual = Buffer.from(sha256Hex(bytes), 'hex');
  const expected = Buffer.from(row.sha256, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new TamperedFileError(row.id);
  }
  return { row, bytes };
}
