import type { TimeEntry } from '@app/contracts/patient-chart';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { timeEntriesPath } from './list-time-entries.ts';

export async function startTimeEntry(clinicId: string, patientId: string): Promise<TimeEntry> {
  const { timeEntrySchema } = await import('@app/contracts/patient-chart');
  return apiRequest(timeEntriesPath(clinicId, patientId), timeEntrySchema, { method: 'POST' });
}
