import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MISSING_TEXT,
  UPLOAD_TOO_LARGE_TEXT,
  UPLOAD_TOO_MANY_TEXT,
} from '@app/contracts/files';
import { HttpError } from '../http-error.ts';

// Multipart bodies are accepted only by the plugins that call registerUploads (encapsulated), with
// limits: one file, a few text fields, a size cap. The client's file name is read by nobody.

export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
      fieldNameSize: 100,
      fieldSize: 1000,
    },
    throwFileSizeLimit: true,
  });
}

function tooMany(): HttpError {
  return new HttpError(400, UPLOAD_TOO_MANY_TEXT, {
    code: 'too_many_files',
    errors: [{ detail: UPLOAD_TOO_MANY_TEXT, field: 'file' }],
  });
}

function missing(): HttpError {
  return new HttpError(400, UPLOAD_MISSING_TEXT, {
    code: 'file_required',
    errors: [{ detail: UPLOAD_MISSING_TEXT, field: 'file' }],
  });
}

/** The multipart plugin's own errors, in our shape and wording. */
function translate(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, UPLOAD_TOO_LARGE_TEXT, {
        code: 'too_large',
        errors: [{ detail: UPLOAD_TOO_LARGE_TEXT, field: 'file' }],
      });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooMany();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return missing();
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'The upload could not be read.', { code: 'bad_upload' });
    default:
      return error;
  }
}

/** An upload's one file and its text fields (each field at most once; the last value wins). */
export interface Upload {
  bytes: Buffer;
  fields: Record<string, string>;
}

/**
 * The one file of a multipart body (field `file`), whole, with the text fields sent beside it; refuses
 * a second file, a cut-off file, none.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw missing();
  }
  let bytes: Buffer | null = null;
  // No prototype: a field named __proto__ is just a field.
  const fields = Object.create(null) as Record<string, string>;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') {
          // A value cut at the field size limit is not what was typed: keep it too long to pass.
          fields[part.fieldname] = part.valueTruncated ? `${part.value}…` : part.value;
        }
        continue;
      }
      if (bytes !== null || part.fieldname !== 'file') {
        // Drain so the request can finish, then refuse: one file per upload, in the field 'file'.
        part.file.resume();
        throw tooMany();
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw translate(error);
  }
  if (bytes === null || bytes.length === 0) {
    throw missing();
  }
  return { bytes, fields };
}

/** The one file of a multipart body (field `file`), whole; refuses a second file, a cut-off file, none. */
export async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  return (await readUpload(request)).bytes;
}
