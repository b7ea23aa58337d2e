import { UPLOAD_BAD_DOCUMENT_TYPE_TEXT } from '@app/contracts/files';
import { HttpError } from '../http-error.ts';
import { loadPdfLib } from '../lazy/pdf-lib.ts';
import { cleanImage, sniffType, type CleanFile } from './image-upload.ts';

// Documents a patient adds (issue 16, decision 0033): a PDF, or a picture with the same checks as card
// photos (decision 0022). The type comes from the bytes; a PDF must also parse and have a page, so a
// renamed text file or a cut-off download is refused. PDFs are kept byte for byte (re-writing them
// could change what the patient meant to send); they are served as downloads, never inline.

function badType(): HttpError {
  return new HttpError(415, UPLOAD_BAD_DOCUMENT_TYPE_TEXT, {
    code: 'bad_type',
    errors: [{ detail: UPLOAD_BAD_DOCUMENT_TYPE_TEXT, field: 'file' }],
  });
}

async function isReadablePdf(bytes: Buffer): Promise<boolean> {
  const { PDFDocument } = await loadPdfLib();
  try {
    // Owner-password PDFs (bank and lab statements often are) open without a password: accept them.
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

/** A PDF as sent, or a picture cleaned like a card photo; anything else answers 415 with our text. */
export async function cleanDocument(bytes: Buffer): Promise<CleanFile> {
  const mime = await sniffType(bytes);
  if (mime === 'application/pdf') {
    if (!(await isReadablePdf(bytes))) {
      throw badType();
    }
    return { bytes, contentType: 'application/pdf', extension: 'pdf' };
  }
  try {
    return await cleanImage(bytes);
  } catch (error) {
    // The image check's own text names pictures only; a document may also be a PDF.
    if (error instanceof HttpError && error.body.code === 'bad_type') {
      throw badType();
    }
    throw error;
  }
}
