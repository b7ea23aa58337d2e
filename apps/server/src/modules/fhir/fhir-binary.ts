import { eq } from 'drizzle-orm';
import { FILE_TAMPERED_TEXT } from '@app/contracts/files';
import type { AppContext } from '../../app-context.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { HttpError } from '../../platform/http-error.ts';
import {
  findStoredFile,
  readBytesChecked,
  TamperedFileError,
  type StoredFileRow,
} from '../../platform/files/stored-files.ts';
import { mayRead, type FhirCaller } from './fhir-caller.ts';
import { FhirError, fhirErrors } from './fhir-outcome.ts';
import { findDocuments } from './fhir.repository.ts';
import { isUuid } from './fhir-search.ts';
import { FHIR_JSON, type FhirResource } from './fhir-types.ts';

// FHIR Binary (decision 0088): the bytes of a DocumentReference's file, for the portal's tokens and
// for SMART apps alike. The Binary's id is the DocumentReference's id (the stored file's id), and
// who may read it is exactly who may read that DocumentReference: the same query decides both.

/** A Binary read as the caller may see it, with the patient whose file it is (for the audit trail). */
export interface BinaryRead {
  row: StoredFileRow;
  bytes: Buffer;
  patientId: string;
}

/**
 * SMART scopes: `patient/Binary.r` (or `user/`, `*`) reads it, and so does a scope that reads
 * DocumentReference: the Binary holds nothing the document it is linked from does not name, and apps
 * are commonly granted only `DocumentReference.rs` before they follow its `attachment.url`.
 */
export function mayReadBinary(caller: Pick<FhirCaller, 'scopes'>): boolean {
  return mayRead(caller, 'Binary', 'read') || mayRead(caller, 'DocumentReference', 'read');
}

/** The file of Binary/`id`, or a 404 alike for one that does not exist and one the caller may not read. */
export async function readBinary(context: AppContext, caller: FhirCaller, id: string): Promise<BinaryRead> {
  if (!mayReadBinary(caller)) {
    throw fhirErrors.forbidden('The granted scopes do not allow reading Binary.');
  }
  // A document outside the caller's compartment is not found, as in a DocumentReference read.
  const found = isUuid(id)
    ? await findDocuments(context.db, caller, { where: [eq(storedFiles.id, id)], limit: 1, offset: 0 })
    : { rows: [] };
  const [document] = found.rows;
  const row = document ? await findStoredFile(context.db, document.id) : null;
  if (!document || !row) {
    throw fhirErrors.notFound('Binary', id);
  }
  try {
    return { row, bytes: await readBytesChecked(context, row), patientId: document.ownerUserId };
  } catch (error) {
    if (error instanceof TamperedFileError) {
      // Never served: bytes that no longer hash to what was stored (decision 0022), as on /api/files.
      throw new FhirError(409, 'processing', FILE_TAMPERED_TEXT);
    }
    if (error instanceof HttpError && error.statusCode === 404) {
      throw fhirErrors.notFound('Binary', id);
    }
    throw error;
  }
}

/**
 * FHIR's rule for a Binary read: the resource (JSON, base64 `data`) only when the client asks for the
 * FHIR format by its media type; any other Accept (a browser, `*\/*`, `application/pdf`) gets the
 * file itself with its own content type. `application/json+fhir` is the older (DSTU2) name of it.
 */
export function wantsFhirJson(accept: string | undefined): boolean {
  if (!accept) {
    return false;
  }
  return accept.split(',').some((part) => {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    return !refused && (type === FHIR_JSON || type === 'application/json+fhir');
  });
}

/** The Binary resource of a read: its content type, the document it belongs to, and the bytes. */
export function binaryResource(read: BinaryRead): FhirResource {
  return {
    resourceType: 'Binary',
    id: read.row.id,
    contentType: read.row.contentType,
    // Who may read it is who may read that document (R4 Binary.securityContext).
    securityContext: { reference: `DocumentReference/${read.row.id}` },
    data: read.bytes.toString('base64'),
  };
}
