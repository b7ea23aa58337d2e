import { downloadStoredFile } from '../../lib/api/stored-file.ts';
import type { Language } from '../../lib/i18n/i18n.ts';

// Issue 21 item 4 (decision 0086): the record's two files, fetched with the bearer token (a plain
// link cannot send it) and handed to the browser as downloads, as the audit CSV is.

export type RecordFormat = 'pdf' | 'json';

export const OWN_RECORD_PATH = '/api/account/record-export';

export function patientRecordPath(clinicId: string, patientId: string): string {
  return `/api/provider/clinics/${encodeURIComponent(clinicId)}/patients/${encodeURIComponent(patientId)}/record-export`;
}

/**
 * `health-record.pdf`, or `health-record-<name>.json` for a patient a provider exports; the first
 * word is the shown language's (`historia-clinica` in Spanish, decision 0090).
 */
export function recordFileName(format: RecordFormat, firstWord: string, patientName?: string): string {
  const words = (patientName ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  return `${[firstWord, ...words].join('-')}.${format}`;
}

/** The file's URL: the PDF is written in the language the portal shows (decision 0090). */
export function recordFileUrl(basePath: string, format: RecordFormat, language: Language): string {
  return `${basePath}.${format}?lang=${language}`;
}

export interface RecordDownload {
  basePath: string;
  format: RecordFormat;
  language: Language;
  /** The file name's first word, in the shown language. */
  firstWord: string;
  patientName?: string;
}

export function downloadRecord(download: RecordDownload): Promise<void> {
  return downloadStoredFile(
    recordFileUrl(download.basePath, download.format, download.language),
    recordFileName(download.format, download.firstWord, download.patientName),
  );
}
