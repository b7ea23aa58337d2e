import { z } from 'zod';

// Uploads (decision 0022): the limits and messages both sides show.

/** The largest file we take (a phone photo of a card fits well below). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Images are re-encoded to fit inside this box (pixels, longest side). */
export const IMAGE_MAX_DIMENSION = 2000;

export const UPLOAD_TOO_LARGE_TEXT = 'The file is too large. The limit is 10 MB.';
export const UPLOAD_BAD_TYPE_TEXT = 'Please choose a JPEG, PNG or WebP picture.';
export const UPLOAD_MISSING_TEXT = 'Please choose a file to upload.';
export const UPLOAD_TOO_MANY_TEXT = 'Please upload one file at a time.';
export const FILE_NOT_FOUND_TEXT = 'This file does not exist.';
export const FILE_TAMPERED_TEXT = 'This file was changed after it was stored and cannot be shown.';

export const fileParamsSchema = z.object({ fileId: z.uuid('The file id is not valid') });

export const uploadResultSchema = z.object({
  fileId: z.string(),
  /** Where the file can be read back (GET, authorised users only). */
  href: z.string(),
  contentType: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export function fileHref(fileId: string): string {
  return `/api/files/${fileId}`;
}

/** Documents (issue 16, decision 0033): a PDF or a picture; the message when a file is neither. */
export const UPLOAD_BAD_DOCUMENT_TYPE_TEXT = 'Please choose a PDF, or a JPEG, PNG or WebP picture.';
