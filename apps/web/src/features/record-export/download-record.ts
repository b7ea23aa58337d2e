import { downloadStoredFile } from '../../lib/api/stored-file.ts';

// Issue 21 item 4 (decision 0086): the record's two files, fetched with the bearer token (a plain
// link cannot send it) and handed to the browser as downloads, as the audit CSV is.

export type RecordFormat = 'pdf' | 'json';

export const OWN_RECORD_PATH = '/api/account/record-export';

export function patientRecordPath(clinicId: string, patientId: string): string {
  return `/api/provider/clinics/${encodeURIComponent(clinicId)}/patients/${encodeURIComponent(patientId)}/record-export`;
}

/** `health-record.pdf`, or `health-record-<name>.json` for a patient a provider exports. */
export function recordFileName(format: RecordFormat, patientName?: string): string {
  const words = (patientName ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  return `${['health-record', ...words].join('-')}.${format}`;
}

export function downloadRecord(basePath: string, format: RecordFormat, patientName?: string): Promise<void> {
  return downloadStoredFile(`${basePath}.${format}`, recordFileName(format, patientName));
}
