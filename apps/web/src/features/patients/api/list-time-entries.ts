import { queryOptions } from '@tanstack/react-query';
import type { TimeEntryList } from '@app/contracts/patient-chart';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientBase } from './patient-paths.ts';

export const timeEntriesPath = (clinicId: string, patientId: string) =>
  `${patientBase(clinicId, patientId)}/time-entries`;

export async function listTimeEntries(
  clinicId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<TimeEntryList> {
  const { timeEntryListSchema } = await import('@app/contracts/patient-chart');
  return apiRequest(timeEntriesPath(clinicId, patientId), timeEntryListSchema, { signal });
}

export function timeEntriesQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [timeEntriesPath(clinicId, patientId)],
    queryFn: ({ signal }) => listTimeEntries(clinicId, patientId, signal),
  });
}
