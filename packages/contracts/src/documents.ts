import { z } from 'zod';
import { singleLineText } from './text.ts';

// Issue 5 item 8 sign documents; spec 3 §2 signature input, §3 "Signature: typed text or drawn image",
// §5 type-signature dialog rule, §9 pad and typed-signature sizes.

/** spec 3 §9: the signature canvas. */
export const SIGNATURE_CANVAS_WIDTH = 500;
export const SIGNATURE_CANVAS_HEIGHT = 150;
export const SIGNATURE_MIN_WIDTH = 1;
/** spec 3 §9: typed signatures in a 35 pt script font. */
export const TYPED_SIGNATURE_FONT_PT = 35;
/** A 500x150 PNG of a signature is a few kB; this leaves room without inviting large bodies. */
export const SIGNATURE_IMAGE_MAX_BYTES = 300 * 1024;

export const SIGNATURE_REQUIRED_TEXT = 'Please sign';
export const SIGNATURE_IMAGE_INVALID_TEXT = 'The signature could not be read. Please sign again.';
export const DOCUMENT_NOT_FOUND_TEXT = 'Document not found.';
export const DOCUMENT_ALREADY_SIGNED_TEXT = 'This document is already signed.';

export const taskDocumentsParamsSchema = z.object({ taskId: z.uuid('The task id is not valid') });

export const signDocumentSchema = z.object({
  documentId: z.uuid('The document id is not valid'),
  signature: z.object({
    kind: z.enum(['drawn', 'typed']),
    /** The pad's picture as a PNG data URL (drawn, or the typed text rendered in the script font). */
    image: singleLineText()
      .max(Math.ceil((SIGNATURE_IMAGE_MAX_BYTES * 4) / 3) + 100, SIGNATURE_IMAGE_INVALID_TEXT)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, SIGNATURE_IMAGE_INVALID_TEXT),
    /** The typed text, for typed signatures. */
    text: singleLineText().trim().max(100).optional(),
  }),
});
export type SignDocumentInput = z.infer<typeof signDocumentSchema>;

export const signedDocumentSchema = z.object({
  signedDocumentId: z.string(),
  fileId: z.string(),
  href: z.string(),
  signedAt: z.string(),
  signerName: z.string(),
});
export type SignedDocument = z.infer<typeof signedDocumentSchema>;

export const taskDocumentSchema = z.object({
  documentId: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  signed: signedDocumentSchema.nullable(),
});
export type TaskDocument = z.infer<typeof taskDocumentSchema>;

export const taskDocumentsSchema = z.object({
  taskId: z.string(),
  appointmentId: z.string().nullable(),
  taskStatus: z.enum(['NEW', 'ACCESSED', 'DONE']),
  documents: z.array(taskDocumentSchema),
});
export type TaskDocuments = z.infer<typeof taskDocumentsSchema>;

export const signDocumentResultSchema = z.object({
  signed: signedDocumentSchema,
  /** True once every document of the task is signed and the task is DONE. */
  taskDone: z.boolean(),
});
export type SignDocumentResult = z.infer<typeof signDocumentResultSchema>;
