import { downloadStoredFile } from '../../lib/api/stored-file.ts';

// Issue 21 item 4 (decision 0086): the record's two files, fetched with the bearer token (a plain
// link cannot send it) and handed to the browser as downloads, as the audit CSV is.

export type RecordFormat = 'pdf' | 'json';

export const OWN_RECORD_PATH = '/api/account/record-export';

export function patientRecordPath(clinicId: string, patientId: string): string {
  return `/api/provider/clinics/${encodeURIComponent(clinicId)}/patients/${encodeURIComponent(patientId)}/record-export`;
}

/** Saves the record under the name the server gives it (`health-record-<name>-<date>.<format>`). */
export function downloadRecord(basePath: string, format: RecordFormat): Promise<void> {
  return downloadStoredFile(`${basePath}.${format}`);
}
