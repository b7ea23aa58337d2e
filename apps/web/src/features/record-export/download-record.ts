import { downloadStoredFile } from '../../lib/api/stored-file.ts';
import type { Language } from '../../lib/i18n/i18n.ts';

// Issue 21 item 4 (decision 0086): the record's two files, fetched with the bearer token (a plain
// link cannot send it) and handed to the browser as downloads, as the audit CSV is.

export type RecordFormat = 'pdf' | 'json';

export const OWN_RECORD_PATH = '/api/account/record-export';

export function patientRecordPath(clinicId: string, patientId: string): string {
  return `/api/provider/clinics/${encodeURIComponent(clinicId)}/patients/${encodeURIComponent(patientId)}/record-export`;
}

/** The file's URL: the PDF is written in the language the portal shows (decision 0090). */
export function recordFileUrl(basePath: string, format: RecordFormat, language: Language): string {
  return `${basePath}.${format}?lang=${language}`;
}

/**
 * Saves the record under the name the server gives it: `health-record-<name>-<date>`, or
 * `historia-clinica-…` in Spanish (decision 0090).
 */
export function downloadRecord(basePath: string, format: RecordFormat, language: Language): Promise<void> {
  return downloadStoredFile(recordFileUrl(basePath, format, language));
}
