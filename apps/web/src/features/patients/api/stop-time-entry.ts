import type { TimeEntry } from '@app/contracts/patient-chart';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { timeEntriesPath } from './list-time-entries.ts';

export async function stopTimeEntry(
  clinicId: string,
  patientId: string,
  entryId: string,
  note: string,
): Promise<TimeEntry> {
  const { timeEntrySchema } = await import('@app/contracts/patient-chart');
  return apiRequest(
    `${timeEntriesPath(clinicId, patientId)}/${encodeURIComponent(entryId)}/stop`,
    timeEntrySchema,
    { method: 'POST', body: note.trim() ? { note: note.trim() } : {} },
  );
}
