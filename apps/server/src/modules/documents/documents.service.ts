import { eq } from 'drizzle-orm';
import {
  DOCUMENT_ALREADY_SIGNED_TEXT,
  DOCUMENT_NOT_FOUND_TEXT,
  SIGNATURE_IMAGE_INVALID_TEXT,
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNATURE_REQUIRED_TEXT,
  type SignDocumentInput,
  type SignDocumentResult,
  type SignedDocument,
  type TaskDocuments,
} from '@app/contracts/documents';
import { fileHref } from '@app/contracts/files';
import type { AppContext } from '../../app-context.ts';
import { clinics } from '../../db/schema/clinics.ts';
import type { AuthContext } from '../../platform/access.ts';
import { sniffType } from '../../platform/files/image-upload.ts';
import { storeFile } from '../../platform/files/stored-files.ts';
import { HttpError } from '../../platform/http-error.ts';
import { loadSharp } from '../../platform/lazy/sharp.ts';
import type { TaskWithSetting } from '../check-in/check-in.repository.ts';
import { completeTaskByFlow, requireTask } from '../check-in/check-in.service.ts';
import {
  findClinicDocuments,
  findSignedOfTask,
  findUserName,
  insertSigned,
  type SignedDocumentRow,
} from './documents.repository.ts';
import { buildSignedPdf } from './signed-pdf.ts';

// Issue 5 item 8 sign documents (decision 0022): the task setting's config.documentIds name what to sign;
// each signature becomes a server-built PDF in the file store, its SHA-256 on the stored_files row and
// checked on every read (platform/files). When every document of the task is signed, the task is done.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function documentIdsOf(row: TaskWithSetting): string[] {
  const ids = row.setting.config.documentIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string' && UUID.test(id)) : [];
}

async function requireSignTask(
  context: AppContext,
  auth: AuthContext,
  taskId: string,
): Promise<TaskWithSetting> {
  const row = await requireTask(context.db, auth, taskId);
  if (row.setting.actionType !== 'sign_document') {
    throw new HttpError(404, DOCUMENT_NOT_FOUND_TEXT, { code: 'not_found' });
  }
  return row;
}

function toSigned(row: SignedDocumentRow): SignedDocument {
  return {
    signedDocumentId: row.id,
    fileId: row.fileId,
    href: fileHref(row.fileId),
    signedAt: row.signedAt.toISOString(),
    signerName: row.signerName,
  };
}

export async function listTaskDocuments(
  context: AppContext,
  auth: AuthContext,
  taskId: string,
): Promise<TaskDocuments> {
  const row = await requireSignTask(context, auth, taskId);
  const documents = await findClinicDocuments(context.db, row.task.clinicId, documentIdsOf(row));
  const signed = await findSignedOfTask(context.db, row.task.id);
  return {
    taskId: row.task.id,
    appointmentId: row.task.appointmentId,
    taskStatus: row.task.status,
    documents: documents.map((document) => {
      const done = signed.find((item) => item.documentId === document.id);
      return {
        documentId: document.id,
        title: document.title,
        paragraphs: document.paragraphs,
        signed: done ? toSigned(done) : null,
      };
    }),
  };
}

/** The signature picture: a real PNG of sane size with something drawn on it, re-encoded by sharp. */
async function cleanSignature(dataUrl: string): Promise<Buffer> {
  const invalid = () =>
    new HttpError(400, SIGNATURE_IMAGE_INVALID_TEXT, {
      code: 'signature_invalid',
      errors: [{ detail: SIGNATURE_IMAGE_INVALID_TEXT, field: 'signature.image' }],
    });
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (
    bytes.length === 0 ||
    bytes.length > SIGNATURE_IMAGE_MAX_BYTES ||
    (await sniffType(bytes)) !== 'image/png'
  ) {
    throw invalid();
  }
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: 4_000_000, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height || meta.width > 2000 || meta.height > 1000) {
      throw invalid();
    }
    const stats = await image.stats();
    // spec 3 §5/§8: an empty pad is not a signature ('Please sign').
    if (stats.channels.every((channel) => channel.min === channel.max)) {
      throw new HttpError(400, SIGNATURE_REQUIRED_TEXT, {
        code: 'signature_required',
        errors: [{ detail: SIGNATURE_REQUIRED_TEXT, field: 'signature.image' }],
      });
    }
    return await sharp(bytes).png().toBuffer();
  } catch (error) {
    throw error instanceof HttpError ? error : invalid();
  }
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'document'
  );
}

export async function signDocument(
  context: AppContext,
  auth: AuthContext,
  taskId: string,
  input: SignDocumentInput,
): Promise<SignDocumentResult> {
  const row = await requireSignTask(context, auth, taskId);
  const ids = documentIdsOf(row);
  const [document] = ids.includes(input.documentId)
    ? await findClinicDocuments(context.db, row.task.clinicId, [input.documentId])
    : [];
  if (!document) {
    throw new HttpError(404, DOCUMENT_NOT_FOUND_TEXT, { code: 'not_found' });
  }
  const already = await findSignedOfTask(context.db, row.task.id);
  if (already.some((item) => item.documentId === document.id)) {
    throw new HttpError(409, DOCUMENT_ALREADY_SIGNED_TEXT, { code: 'already_signed' });
  }
  const signature = await cleanSignature(input.signature.image);
  const signerName = await findUserName(context.db, row.task.userId);
  const [clinic] = await context.db
    .select({ name: clinics.name })
    .from(clinics)
    .where(eq(clinics.id, row.task.clinicId));
  const signedAt = context.now();
  const pdf = await buildSignedPdf({
    title: document.title,
    paragraphs: document.paragraphs,
    signaturePng: signature,
    signerName,
    signedAt,
    clinicName: clinic?.name ?? '',
  });
  // The PDF's bytes go to the store first; its row, the signature and the task's completion are one
  // transaction (its audit events join it), and the bytes are taken away again if it fails.
  const { signed, allSigned } = await storeFile(
    context,
    {
      area: 'signed-documents',
      purpose: 'signed-document',
      bytes: pdf,
      contentType: 'application/pdf',
      extension: 'pdf',
      downloadName: `${slug(document.title)}-signed.pdf`,
      ownerUserId: row.task.userId,
      clinicId: row.task.clinicId,
      uploadedByUserId: auth.userId,
    },
    async (tx, file) => {
      const inserted = await insertSigned(tx, {
        documentId: document.id,
        taskId: row.task.id,
        clinicId: row.task.clinicId,
        userId: row.task.userId,
        fileId: file.id,
        signerName,
        signatureKind: input.signature.kind,
        signedAt,
      });
      if (!inserted) {
        throw new HttpError(409, DOCUMENT_ALREADY_SIGNED_TEXT, { code: 'already_signed' });
      }
      const signedIds = new Set([...already.map((item) => item.documentId), document.id]);
      const documents = await findClinicDocuments(tx, row.task.clinicId, ids);
      const done = documents.every((item) => signedIds.has(item.id));
      if (done && row.task.status !== 'DONE') {
        await completeTaskByFlow(tx, { taskId: row.task.id, patientUserId: row.task.userId }, signedAt);
      }
      return { signed: inserted, allSigned: done };
    },
  );
  return { signed: toSigned(signed), taskDone: allSigned };
}
